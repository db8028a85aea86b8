/// <reference types="vite/client" />

/** True in production builds: console.log/debug/info/trace are silenced at start-up (spec §9). */
declare const __SILENCE_CONSOLE__: boolean;
