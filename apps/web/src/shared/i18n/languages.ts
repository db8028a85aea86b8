/** The app's languages; a module of its own, so that the build (vite.config.ts) can read them without i18next. */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
/** Kept across sign-out (see AuthService.signOut). */
export const LANGUAGE_KEY = 'vereinsheim_language';
