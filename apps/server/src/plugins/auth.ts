import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { HttpProblem, invalidToken, unauthorized } from '../lib/problem.ts';
import type { Actor, ActorScope } from '../policy/index.ts';

export type { Actor } from '../policy/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook that answers 401 unless a valid bearer access token (or the web session's, ADR 0009)
     * names a known person; every response behind it is `Cache-Control: no-store`.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Only asymmetric algorithms; `none` and HMAC are refused. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/** Maps a verified token's issuer + subject to a person id (null: unknown); provisions when asked to. */
export type PersonResolver = (input: {
  issuer: string;
  subject: string;
  claims: JWTPayload;
  provision: boolean;
}) => Promise<{ personId: string; scope?: ActorScope } | null>;

/**
 * The access token of the web session named by the request's session cookie (ADR 0009), after the CSRF
 * check; undefined when the request carries no session cookie; throws 401 when the session has ended.
 */
export type SessionTokenResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<string | undefined>;

export interface AuthOptions {
  config: Config;
  /** Injected by the app (persons module): the plugin itself knows no domain module. */
  resolvePerson: PersonResolver;
  /** Injected by the app (policy): the actor's clubs, roles and teams. */
  loadScope: (personId: string) => Promise<ActorScope>;
  /** Injected by the app (session module): a request without an Authorization header may carry the cookie. */
  sessionToken?: SessionTokenResolver;
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

/** How many verified tokens the cache keeps (the oldest entry goes first). */
const TOKEN_CACHE_MAX = 10_000;

/**
 * Verified access tokens until their `exp` (ADR 0020): the signature check and claim validation run once per
 * token, not once per request. Only successful verifications are kept; the key is the whole token string, so
 * a token that differs in any byte is verified afresh. Revocation of access tokens is by their short lifetime
 * (the web session ends by dropping its token, ADR 0009), so caching until `exp` changes nothing there.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { payload: JWTPayload; until: number }>();
  private readonly max: number;
  constructor(max = TOKEN_CACHE_MAX) {
    this.max = max;
  }

  get(token: string, now = Date.now()): JWTPayload | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry.payload;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, payload: JWTPayload): void {
    if (typeof payload.exp !== 'number') return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { payload, until: payload.exp * 1000 });
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Verifies the access token (signature, issuer, audience, expiry, algorithm) and maps issuer + subject to a
 * person. The token comes from the Authorization header (native apps, other clients) or, without one, from the
 * web session named by the session cookie — then unsafe methods must also pass the CSRF check (Origin +
 * custom header). The client's userId/userid/oid headers are never consulted.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const { config, resolvePerson, loadScope } = options;
  const keys: JWTVerifyGetKey = options.localJwks
    ? createLocalJWKSet(options.localJwks)
    : externalKeyResolver(config.oidc.issuer);

  const verified = new VerifiedTokenCache();

  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const hasHeader = request.headers.authorization !== undefined;
    const token = hasHeader ? bearerToken(request) : await options.sessionToken?.(request, reply);
    if (!token) throw unauthorized();
    let payload = verified.get(token);
    if (!payload) {
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
        throw invalidToken('auth.tokenInvalid');
      }
      verified.set(token, payload);
    }
    const resolved = await resolvePerson({
      issuer: config.oidc.issuer,
      subject: payload.sub!,
      claims: payload,
      provision: !config.embeddedIdp,
    });
    if (!resolved) throw invalidToken('auth.unknownPerson');
    const { personId } = resolved;
    // The scope is read once per request, on the first authorization question, unless the person's lookup
    // already brought it (a subject that was not cached).
    let scope: Promise<ActorScope> | undefined = resolved.scope ? Promise.resolve(resolved.scope) : undefined;
    request.actor = {
      personId,
      issuer: config.oidc.issuer,
      subject: payload.sub!,
      claims: payload,
      via: hasHeader ? 'bearer' : 'session',
      scope: () => (scope ??= loadScope(personId)),
    };
  });
});

/**
 * RFC 9470 step-up: the actor's sign-in (the token's auth_time) must be at most maxAgeSeconds old, else
 * 401 problem+json of the given type with `error="insufficient_user_authentication"` and max_age.
 */
export function requireRecentSignIn(actor: Actor, maxAgeSeconds: number, problemType: string): void {
  const authTime = actor.claims.auth_time;
  const age = typeof authTime === 'number' ? Date.now() / 1000 - authTime : Infinity;
  if (age <= maxAgeSeconds) return;
  const minutes = Math.round(maxAgeSeconds / 60);
  throw new HttpProblem(401, undefined, {
    type: problemType,
    code: 'auth.freshSignInRequired',
    params: { minutes },
    challenge: `Bearer error="insufficient_user_authentication", error_description="This needs a sign-in within the last ${minutes} minutes.", max_age="${maxAgeSeconds}"`,
  });
}

/** The authenticated actor; only call from routes behind `app.authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
