import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * Browser features the portal may use: copying a link (clipboard-write) and fullscreen on its own origin;
 * everything else named here is switched off for the page and every frame. The share sheet (web-share) keeps
 * its default, the own origin only: it is not named, because Chromium on Linux does not know it and warns about
 * an unknown feature on every page (so does 'bluetooth').
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Security headers; the CSP allows no inline script anywhere (styles may be inline: Ionic sets them). The web
 * app talks to its own origin only (the backend-for-frontend signs in, ADR 0009), so connect-src is 'self'.
 * UNSAFE_TEST_CSP (tests only) lets inline scripts and handlers run, to prove that no markup is ever parsed.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const { config } = options;
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  const nativeScheme = config.nativeRedirectUri.split(':')[0] + ':';
  const nativeHttps = config.nativeHttpsRedirectUri ? [new URL(config.nativeHttpsRedirectUri).origin] : [];
  const scriptSrc = config.unsafeTestCsp ? ["'self'", "'unsafe-inline'"] : ["'self'"];
  if (config.unsafeTestCsp) app.log.warn('UNSAFE_TEST_CSP: inline scripts are allowed (tests only)');
  // helmet's middleware built once: @fastify/helmet built it again for every request (its CSP directives parsed
  // anew each time, about 3 % of the server's CPU in the registration storm's profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: [...new Set(["'self'", issuerOrigin, nativeScheme, ...nativeHttps])],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // On the raw response, so that the provider's pages (answered outside Fastify's reply) carry it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
  });
});
