import { config } from 'zod';

/*
 * Zod reads the API's answers without compiling code for them. Its compiled fast path needs `new Function`, which
 * the portal's CSP forbids (script-src 'self', no 'unsafe-eval', apps/server/src/plugins/security.ts). Left to
 * itself, zod probes for it on the first parse, and the browser reports the refused probe as a CSP violation on
 * every signed-in page load. The native apps run the same build.
 */
config({ jitless: true });
