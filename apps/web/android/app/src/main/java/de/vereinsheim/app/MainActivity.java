package de.vereinsheim.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
