import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../lib/problem.ts';
import { findOrProvisionPerson } from '../modules/persons/identity-link.ts';

export interface Actor {
  personId: string;
  issuer: string;
  subject: string;
  claims: JWTPayload;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** onRequest hook that answers 401 unless a valid bearer access token names a known person. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Only asymmetric algorithms; `none` and HMAC are refused. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export interface AuthOptions {
  config: Config;
  db: Database;
  /** Public keys of the embedded provider; external providers are read from their JWKS URI. */
  localJwks?: { keys: JWK[] };
}

function externalKeyResolver(issuer: string): JWTVerifyGetKey {
  let resolver: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!resolver) {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OIDC discovery failed with ${res.status}`);
      const meta = (await res.json()) as { jwks_uri?: string };
      if (!meta.jwks_uri) throw new Error('OIDC discovery without jwks_uri');
      resolver = createRemoteJWKSet(new URL(meta.jwks_uri));
    }
    return resolver(header, token);
  };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Verifies the bearer access token (signature, issuer, audience, expiry, algorithm) and maps
 * issuer + subject to a person. The client's userId/userid/oid headers are never consulted.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const { config, db } = options;
  const keys: JWTVerifyGetKey = options.localJwks
    ? createLocalJWKSet(options.localJwks)
    : externalKeyResolver(config.oidc.issuer);

  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        algorithms: ALLOWED_ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 5,
      }));
    } catch (error) {
      request.log.info({ reason: (error as { code?: string }).code ?? 'invalid' }, 'access token refused');
      throw unauthorized('The access token is invalid or expired.');
    }
    const personId = await findOrProvisionPerson(db, {
      issuer: config.oidc.issuer,
      subject: payload.sub!,
      claims: payload,
      provision: !config.embeddedIdp,
    });
    if (!personId) throw unauthorized('The access token names no known person.');
    request.actor = { personId, issuer: config.oidc.issuer, subject: payload.sub!, claims: payload };
  });
});

/** The authenticated actor; only call from routes behind `app.authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
