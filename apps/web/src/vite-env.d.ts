/// <reference types="vite/client" />

/** True in production builds: console.log/debug/info/trace are silenced at start-up (spec §9). */
declare const __SILENCE_CONSOLE__: boolean;

/** The portal server the iOS/Android apps talk to (VEREINSHEIM_SERVER_URL at build time; docs/native.md). */
declare const __NATIVE_SERVER_URL__: string;
