/**
 * `data-prerendered` on #root in the pages the server sends (ADR 0052): which screen is drawn in already. The
 * start-up takes it over (main.tsx, Bootstrap): the signed-out screen for a visitor without a session, the
 * loading screen for every other page load.
 */
export const PRERENDERED_SIGNED_OUT = 'signed-out';
export const PRERENDERED_LOADING = 'loading';
