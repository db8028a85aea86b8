import type { CapacitorConfig } from '@capacitor/cli';
import { KeyboardResize } from '@capacitor/keyboard';

/**
 * The iOS and Android apps (docs/native.md). App id and name come from the environment at `npx cap sync`
 * time; the native projects in ios/ and android/ carry the defaults (change them there too when you rebrand:
 * docs/native.md lists the places).
 */
const appId = process.env.VEREINSHEIM_APP_ID ?? 'de.vereinsheim.app';
const appName = process.env.VEREINSHEIM_APP_NAME ?? 'Vereinsheim';

const config: CapacitorConfig = {
  appId,
  appName,
  webDir: 'dist',
  backgroundColor: '#1d6b3a',
  ios: {
    // The web view extends under the status bar and home indicator; the app pads with the safe-area insets.
    contentInset: 'never',
  },
  android: {
    // Only https to the portal and the provider (see the network security config in android/).
    allowMixedContent: false,
  },
  plugins: {
    // The app talks to the portal server from capacitor://localhost (iOS) / https://localhost (Android):
    // fetch goes through the native HTTP stack, so the API needs no CORS for these origins (ADR 0013).
    CapacitorHttp: { enabled: true },
    SplashScreen: {
      launchShowDuration: 1500,
      launchAutoHide: true,
      backgroundColor: '#1d6b3a',
      showSpinner: false,
    },
    Keyboard: {
      // The web view shrinks above the keyboard, so the focused input stays visible.
      resize: KeyboardResize.Native,
      resizeOnFullScreen: true,
    },
    StatusBar: {
      overlaysWebView: true,
      style: 'DARK',
    },
    PushNotifications: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
