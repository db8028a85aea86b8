import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Security headers; the CSP allows no inline script anywhere (styles may be inline: Ionic sets them). */
export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const { config } = options;
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  const nativeScheme = config.nativeRedirectUri.split(':')[0] + ':';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", issuerOrigin, nativeScheme],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
});
