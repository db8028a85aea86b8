/**
 * `data-prerendered` on #root in the pages the server sends to a visitor without a session (ADR 0052): the
 * signed-out screen is drawn in already, and the start-up takes it over (main.tsx, Bootstrap).
 */
export const PRERENDERED_SIGNED_OUT = 'signed-out';
