import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'expected true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole number')
    .min(0, 'expected 0–65535')
    .max(65535, 'expected 0–65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'expected an absolute URL such as https://portal.example.org' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  OIDC_ISSUER: z.url({ error: 'expected the issuer URL of the OpenID Connect provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_COOKIE_KEYS: z.string().min(32, 'expected at least 32 characters').optional(),
  /** Embedded provider: the private signing keys as a JWKS ({"keys":[…]}); unset → generated once and shared through the database. */
  OIDC_SIGNING_KEYS: z
    .string()
    .refine((v) => {
      try {
        const parsed = JSON.parse(v) as { keys?: unknown };
        return Array.isArray(parsed.keys) && parsed.keys.length > 0;
      } catch {
        return false;
      }
    }, 'expected a JSON Web Key Set with private keys: {"keys":[…]}')
    .optional(),
  /** Embedded provider only: further exact redirect URIs of the web client, comma separated (e.g. a Vite dev server's http://localhost:5173/signin-oidc). */
  OIDC_EXTRA_REDIRECT_URIS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'expected comma-separated http(s) URLs' })))
    .optional(),
  DEMO_DATA: bool.optional(),
  /** The development mailbox and http push endpoints; unset → on only in the embedded development mode. */
  DEV_FEATURES: bool.optional(),
  /** Also check every answer against its Zod contract (ADR 0041); unset → on in tests (NODE_ENV=test) only. */
  RESPONSE_CHECK: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx): TrustProxy => {
      const value = v.trim().toLowerCase();
      if (['false', '0', 'no', 'off'].includes(value)) return false;
      if (/^[1-9]\d?$/.test(value)) return Number(value);
      if (['true', 'yes', 'on'].includes(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'expected the proxy addresses (e.g. 10.0.0.5,10.1.0.0/16) or the number of proxies in front; true would trust any client',
        });
        return z.NEVER;
      }
      const entries = value.split(',').map((e) => e.trim());
      for (const entry of entries) {
        if (!isProxyEntry(entry)) {
          ctx.addIssue({
            code: 'custom',
            message: `expected IP addresses or CIDR ranges separated by commas, or a number of proxies; '${entry}' is neither`,
          });
          return z.NEVER;
        }
      }
      return entries;
    })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Vereinsheim <no-reply@vereinsheim.example>'),
  TELEMETRY_INSTRUMENTATION_KEY: z.uuid({ error: 'expected a UUID' }).optional(),
  SUPPORT_MAIL: z.email().default('support@vereinsheim.example'),
  HELP_URL: z.url().default('https://hilfe.vereinsheim.example'),
  UPDATES_URL: z.url().default('https://hilfe.vereinsheim.example/updates'),
  IMPRINT_URL: z.url().default('https://vereinsheim.example/impressum'),
  PRIVACY_URL: z.url().default('https://vereinsheim.example/datenschutz'),
  NATIVE_REDIRECT_URI: z
    .string()
    .regex(
      /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:\/[^/]/,
      'expected a reverse-domain custom scheme URI such as de.vereinsheim.app:/signin-oidc',
    )
    .default('de.vereinsheim.app:/signin-oidc'),
  /** The apps' claimed https redirect (App Links / Universal Links, RFC 8252 §7.2), e.g. https://portal.example.org/app/signin-oidc. */
  NATIVE_HTTPS_REDIRECT_URI: z
    .url({
      protocol: /^https$/,
      error: 'expected an https URL such as https://portal.example.org/app/signin-oidc',
    })
    .refine((v) => new URL(v).pathname.startsWith('/app/') && !v.includes('?') && !v.includes('#'), {
      error: 'expected an https URL under /app/ without query or fragment',
    })
    .optional(),
  /** Android App Links: the app's package name and its signing certificates' SHA-256 fingerprints (comma separated). */
  ANDROID_APP_PACKAGE: z
    .string()
    .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, 'expected an Android package name such as de.vereinsheim.app')
    .optional(),
  ANDROID_APP_CERT_SHA256: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((f) => f.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/, 'expected SHA-256 fingerprints as AB:CD:… (32 bytes)'),
        )
        .min(1),
    )
    .optional(),
  /** iOS Universal Links: the Apple developer team id and the app's bundle id. */
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'expected the 10-character Apple team id')
    .optional(),
  IOS_BUNDLE_ID: z
    .string()
    .regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/, 'expected a bundle id such as de.vereinsheim.app')
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, 'expected a base64url P-256 public key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,45}$/, 'expected a base64url P-256 private key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'expected a mailto: address or an https: URL')
    .optional(),
  /** FCM HTTP v1 (Android push): the service-account key file (JSON) from the Firebase console. */
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_PROJECT_ID: z.string().min(1).optional(),
  FCM_API_URL: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  /** Overrides the key file's token_uri (tests, proxies). */
  FCM_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** APNs (iOS push), token-based: the .p8 key, its key id, the team id and the topic (the app's bundle id). */
  APNS_KEY_FILE: z.string().min(1).optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'expected the 10-character key id')
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'expected the 10-character Apple team id')
    .optional(),
  APNS_TOPIC: z.string().min(1).optional(),
  APNS_URL: z.url({ protocol: /^https$/ }).default('https://api.push.apple.com'),
  /** Extra CA certificates (PEM file) trusted for APNS_URL: a TLS-inspecting proxy or a local test receiver. */
  APNS_CA_FILE: z.string().min(1).optional(),
  /** Bearer token that opens /metrics (Prometheus: `authorization: { credentials: … }`). */
  METRICS_TOKEN: z.string().min(24, 'expected at least 24 characters').optional(),
  /** Addresses that may read /metrics without the token: IPs, CIDRs, or loopback/linklocal/uniquelocal. */
  METRICS_ALLOW: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string())
        .refine(
          (list) => isValidAllowList(list),
          'expected comma-separated IP addresses, CIDR ranges or loopback, linklocal, uniquelocal',
        ),
    )
    .optional(),
  /** Web sessions end after this many minutes without a request (ADR 0009). */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number({ error: 'expected a number of minutes' })
    .int('expected a whole number')
    .min(5, 'expected 5 to 43200 minutes')
    .max(43_200, 'expected 5 to 43200 minutes')
    .default(720),
  /** Where uploaded files live: postgres (default, a table in the database), s3 (S3_*), local (DATA_DIR/files, one instance). */
  FILE_STORE: z.enum(['postgres', 's3', 'local']).default('postgres'),
  S3_BUCKET: z.string().min(3).optional(),
  /** An S3-compatible endpoint (MinIO, Ceph, a hoster); unset → AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().default(''),
  /** Tests only: a CSP that lets inline scripts and handlers run, to prove that no markup is ever parsed. */
  UNSAFE_TEST_CSP: bool.default(false),
  /**
   * Tests only: push endpoints on this machine (a local Web Push receiver) without the development features,
   * for server processes on PostgreSQL (test/multi). Refused with NODE_ENV=production.
   */
  UNSAFE_TEST_PUSH_ENDPOINTS: bool.default(false),
  /** Signs chat user ids (GET /api/me/chat/account); the same on every instance. */
  CHAT_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  /** The chat service's application id (spec §9): our own chat service inside the portal. */
  CHAT_APP_ID: z.string().min(1).default('vereinsheim-chat'),
  /** Seconds after a chat message before an offline member who has not read it gets a push. */
  CHAT_PUSH_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** At most one chat push per conversation and person within this many seconds. */
  CHAT_PUSH_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Seconds a job worker holds a claimed job (push, mail) before another instance may take it again — how long
   * a job waits after its instance crashed (ADR 0021). Longer than the slowest send (push requests time out
   * after 10 s).
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * false: this process enqueues jobs but does not run them (another instance's worker does). Default true:
   * every instance runs a worker, and they share the jobs (ADR 0021).
   */
  JOB_WORKER: bool.default(true),
  /** How often an idle job worker looks for due jobs (jobs enqueued on the same instance start at once). */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /**
   * Worker threads that render invoice PDFs and XLSX exports (ADR 0036). Default: one per core beyond the first,
   * at least one, at most four.
   */
  DOCUMENT_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Documents that may wait for a thread; beyond that a request gets 503 with Retry-After (ADR 0036). */
  DOCUMENT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
});

/** True when every entry is an IP address, a CIDR range or one of @fastify/proxy-addr's names. */
function isValidAllowList(list: string[]): boolean {
  try {
    proxyAddr.compile(list);
    return true;
  } catch {
    return false;
  }
}

/** Whose X-Forwarded-* to believe: nobody, a number of proxy hops, or the proxies' addresses/CIDR ranges. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's trustProxy. A hop count trusts the nearest N peers whoever they are (Fastify itself treats
 * a bare number as "trust nobody"), so it is only safe when the server cannot be reached except through
 * those proxies; the README says so. Addresses and ranges are checked against the connecting peer.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/** A host name or address that only this machine or its local network reaches (a development set-up). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return ['loopback', 'private', 'linkLocal', 'uniqueLocal'].includes(address.range());
}

export type Mode = 'development' | 'production';

export interface Config {
  env: 'development' | 'production' | 'test';
  /**
   * `development`: the development mailbox and http push endpoints are on. Only the embedded
   * development set-up (PGlite, embedded provider, an http PUBLIC_URL on this machine or its local
   * network, NODE_ENV not production) or DEV_FEATURES=true (refused with an https PUBLIC_URL,
   * DATABASE_URL or OIDC_ISSUER) runs in it; everything else is `production`.
   */
  mode: Mode;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** True when no external issuer is configured: the embedded provider runs at /oidc. */
  embeddedIdp: boolean;
  oidc: {
    issuer: string;
    clientId: string;
    audience: string;
    cookieKeys: string[] | undefined;
    /** OIDC_SIGNING_KEYS (a private JWKS as JSON), else keys shared through the database. */
    signingKeys: string | undefined;
    /** Additional exact redirect URIs of the embedded provider's web client (OIDC_EXTRA_REDIRECT_URIS). */
    extraRedirectUris: string[];
    /**
     * The scope the portal's clients (web sessions and native apps) ask for. With the embedded provider the
     * `api` scope asks for an access token for the API (identity/provider.ts API_SCOPE, ADR 0007).
     */
    clientScope: string;
  };
  demoData: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** RESPONSE_CHECK: each answer is also encoded by its Zod contract and compared (ADR 0041). */
  responseCheck: boolean;
  webDist: string;
  /** Whose X-Forwarded-For is believed: false (nobody), a hop count, or the proxies' addresses. */
  trustProxy: TrustProxy;
  mail: { smtpUrl: string | undefined; from: string };
  telemetryInstrumentationKey: string | undefined;
  supportMail: string;
  links: { help: string; updates: string; imprint: string; privacy: string };
  /** The apps' custom-scheme redirect URI (RFC 8252 §7.1). */
  nativeRedirectUri: string;
  /** The apps' claimed https redirect URI (RFC 8252 §7.2), when App Links / Universal Links are set up. */
  nativeHttpsRedirectUri: string | undefined;
  /** What /.well-known/assetlinks.json and apple-app-site-association announce (nothing when unset). */
  appLinks: {
    android: { packageName: string; certFingerprints: string[] } | undefined;
    ios: { appId: string } | undefined;
  };
  /** Web Push (VAPID): keys from the environment, else generated in DATA_DIR/push/vapid.json. */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string;
    /** Development mode only: any http(s) endpoint is accepted (a local push service). */
    allowAnyEndpoint: boolean;
    /** Android devices through FCM HTTP v1, when a service account is configured. */
    fcm: { serviceAccountFile: string; projectId?: string; apiUrl: string; tokenUrl?: string } | undefined;
    /** iOS devices through APNs, when a signing key is configured. */
    apns:
      | { keyFile: string; keyId: string; teamId: string; topic: string; url: string; caFile?: string }
      | undefined;
  };
  /** Who may read /metrics: the bearer token and/or an address allow-list; neither → nobody. */
  metrics: { token: string | undefined; allow: string[] };
  /** Web sessions of the backend-for-frontend. */
  session: { idleTimeoutSeconds: number };
  /** Tests only (never in production, never with an https PUBLIC_URL): inline scripts allowed by the CSP. */
  unsafeTestCsp: boolean;
  /**
   * The chat (docs/chat-protocol.md). `secret`: CHAT_SECRET, else derived from OIDC_COOKIE_KEYS, else
   * random per process (development and tests: one instance).
   */
  chat: { secret: string; appId: string; pushDelaySeconds: number; pushIntervalSeconds: number };
  /** The job worker every instance runs (ADR 0015, 0021). */
  jobs: { worker: boolean; leaseMs: number; pollMs: number };
  /** Invoice PDFs and XLSX exports, rendered in worker threads (ADR 0036). */
  documents: { threads: number | undefined; maxQueue: number };
  /** Uploaded files (ADR 0015). */
  files:
    | { kind: 'postgres' | 'local' }
    | {
        kind: 's3';
        s3: {
          bucket: string;
          endpoint?: string;
          region: string;
          accessKeyId?: string;
          secretAccessKey?: string;
          forcePathStyle: boolean;
          prefix: string;
        };
      };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; a bad value throws one line naming the variable and what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in EnvSchema.shape && value !== undefined && value !== '',
    ),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    const missing = e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together`,
    );
  }
  for (const [a, b] of [
    ['ANDROID_APP_PACKAGE', 'ANDROID_APP_CERT_SHA256'],
    ['APPLE_TEAM_ID', 'IOS_BUNDLE_ID'],
  ] as const) {
    if ((e[a] === undefined) !== (e[b] === undefined)) {
      const missing = e[a] === undefined ? a : b;
      throw new ConfigError(`Invalid configuration: ${missing}: ${a} and ${b} go together`);
    }
  }
  const apnsTeamId = e.APNS_TEAM_ID ?? e.APPLE_TEAM_ID;
  const apnsTopic = e.APNS_TOPIC ?? e.IOS_BUNDLE_ID;
  if (e.APNS_KEY_FILE || e.APNS_KEY_ID) {
    const missing = !e.APNS_KEY_FILE
      ? 'APNS_KEY_FILE'
      : !e.APNS_KEY_ID
        ? 'APNS_KEY_ID'
        : !apnsTeamId
          ? 'APNS_TEAM_ID'
          : !apnsTopic
            ? 'APNS_TOPIC'
            : undefined;
    if (missing)
      throw new ConfigError(
        `Invalid configuration: ${missing}: APNs needs APNS_KEY_FILE, APNS_KEY_ID, APNS_TEAM_ID (or APPLE_TEAM_ID) and APNS_TOPIC (or IOS_BUNDLE_ID)`,
      );
  }
  const externalIdp = e.OIDC_ISSUER !== undefined;
  if (externalIdp && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embeddedDefault = !externalIdp && e.DATABASE_URL === undefined;
  const demoData = e.DEMO_DATA ?? (embeddedDefault && e.NODE_ENV !== 'production');
  const publicHttp = new URL(publicUrl).protocol === 'http:';
  if (e.UNSAFE_TEST_PUSH_ENDPOINTS && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: UNSAFE_TEST_PUSH_ENDPOINTS: refused with NODE_ENV=production',
    );
  }
  if (e.DEV_FEATURES === true) {
    const refusal =
      e.NODE_ENV === 'production'
        ? 'refused with NODE_ENV=production'
        : !publicHttp
          ? 'refused with an https PUBLIC_URL (a public address)'
          : e.DATABASE_URL !== undefined
            ? 'refused with DATABASE_URL (development features run on the embedded PGlite only)'
            : externalIdp
              ? 'refused with OIDC_ISSUER (development features run with the embedded provider only)'
              : undefined;
    if (refusal) throw new ConfigError(`Invalid configuration: DEV_FEATURES: ${refusal}`);
  }
  const devFeatures =
    e.DEV_FEATURES ??
    (embeddedDefault &&
      e.NODE_ENV !== 'production' &&
      publicHttp &&
      isLocalHost(new URL(publicUrl).hostname));
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET: required with FILE_STORE=s3');
  }
  if (e.NODE_ENV === 'production') {
    if (demoData)
      throw new ConfigError('Invalid configuration: DEMO_DATA: demo data is refused in production');
    if (!externalIdp && !e.OIDC_COOKIE_KEYS) {
      throw new ConfigError(
        'Invalid configuration: OIDC_COOKIE_KEYS: required in production when the embedded provider runs',
      );
    }
    if (!e.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL: required in production');
    if (!externalIdp && !e.SMTP_URL) {
      throw new ConfigError(
        'Invalid configuration: SMTP_URL: required in production when the embedded provider runs (it mails sign-up and reset links)',
      );
    }
  }
  if (e.UNSAFE_TEST_CSP && (e.NODE_ENV === 'production' || publicUrl.startsWith('https://'))) {
    throw new ConfigError(
      'Invalid configuration: UNSAFE_TEST_CSP: only for tests, refused in production and with an https PUBLIC_URL',
    );
  }
  return {
    env: e.NODE_ENV,
    mode: devFeatures ? 'development' : 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedIdp: !externalIdp,
    oidc: {
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, ''),
      clientId: e.OIDC_CLIENT_ID ?? 'vereinsheim-web',
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      cookieKeys: e.OIDC_COOKIE_KEYS?.split(',').map((k) => k.trim()),
      signingKeys: e.OIDC_SIGNING_KEYS,
      extraRedirectUris: e.OIDC_EXTRA_REDIRECT_URIS ?? [],
      clientScope: externalIdp
        ? 'openid profile email offline_access'
        : 'openid profile email offline_access api',
    },
    demoData,
    logLevel: e.LOG_LEVEL,
    responseCheck: e.RESPONSE_CHECK ?? e.NODE_ENV === 'test',
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY ?? false,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    telemetryInstrumentationKey: e.TELEMETRY_INSTRUMENTATION_KEY,
    supportMail: e.SUPPORT_MAIL,
    links: { help: e.HELP_URL, updates: e.UPDATES_URL, imprint: e.IMPRINT_URL, privacy: e.PRIVACY_URL },
    nativeRedirectUri: e.NATIVE_REDIRECT_URI,
    nativeHttpsRedirectUri: e.NATIVE_HTTPS_REDIRECT_URI,
    appLinks: {
      android:
        e.ANDROID_APP_PACKAGE && e.ANDROID_APP_CERT_SHA256
          ? { packageName: e.ANDROID_APP_PACKAGE, certFingerprints: e.ANDROID_APP_CERT_SHA256 }
          : undefined,
      ios:
        e.APPLE_TEAM_ID && e.IOS_BUNDLE_ID ? { appId: `${e.APPLE_TEAM_ID}.${e.IOS_BUNDLE_ID}` } : undefined,
    },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_MAIL}`,
      allowAnyEndpoint: devFeatures || e.UNSAFE_TEST_PUSH_ENDPOINTS,
      fcm: e.FCM_SERVICE_ACCOUNT_FILE
        ? {
            serviceAccountFile: path.resolve(e.FCM_SERVICE_ACCOUNT_FILE),
            projectId: e.FCM_PROJECT_ID,
            apiUrl: e.FCM_API_URL,
            tokenUrl: e.FCM_TOKEN_URL,
          }
        : undefined,
      apns:
        e.APNS_KEY_FILE && e.APNS_KEY_ID && apnsTeamId && apnsTopic
          ? {
              keyFile: path.resolve(e.APNS_KEY_FILE),
              keyId: e.APNS_KEY_ID,
              teamId: apnsTeamId,
              topic: apnsTopic,
              url: e.APNS_URL,
              caFile: e.APNS_CA_FILE ? path.resolve(e.APNS_CA_FILE) : undefined,
            }
          : undefined,
    },
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW ?? [] },
    session: { idleTimeoutSeconds: e.SESSION_IDLE_TIMEOUT_MINUTES * 60 },
    unsafeTestCsp: e.UNSAFE_TEST_CSP,
    chat: {
      secret:
        e.CHAT_SECRET ??
        (e.OIDC_COOKIE_KEYS
          ? createHmac('sha256', e.OIDC_COOKIE_KEYS).update('vereinsheim chat').digest('base64url')
          : randomBytes(32).toString('base64url')),
      appId: e.CHAT_APP_ID,
      pushDelaySeconds: e.CHAT_PUSH_DELAY_SECONDS,
      pushIntervalSeconds: e.CHAT_PUSH_INTERVAL_SECONDS,
    },
    jobs: { worker: e.JOB_WORKER, leaseMs: e.JOB_LEASE_SECONDS * 1000, pollMs: e.JOB_POLL_MS },
    documents: { threads: e.DOCUMENT_THREADS, maxQueue: e.DOCUMENT_QUEUE },
    files:
      e.FILE_STORE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: e.S3_BUCKET!,
              ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
              region: e.S3_REGION,
              ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
              ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              prefix: e.S3_PREFIX,
            },
          }
        : { kind: e.FILE_STORE },
  };
}

/** The start banner's lines: which mode runs and what that means (printed by main.ts, asserted by tests). */
export function describeMode(config: Config): string[] {
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  const identity = config.embeddedIdp ? `embedded provider at ${config.oidc.issuer}` : config.oidc.issuer;
  if (config.mode === 'development') {
    return [
      'Mode: DEVELOPMENT — do not expose this instance to the internet.',
      `  database ${database}; sign-in ${identity}`,
      config.mail.smtpUrl
        ? '  mails via SMTP_URL'
        : `  mails in the development mailbox ${config.oidc.issuer}/dev/mailbox (readable by anyone who reaches it)`,
      '  push endpoints: any http(s) address is accepted',
    ];
  }
  return [
    'Mode: production — development features are off.',
    `  database ${database}; sign-in ${identity}`,
    config.mail.smtpUrl || !config.embeddedIdp
      ? `  mails via ${config.mail.smtpUrl ? 'SMTP_URL' : 'the external provider'}`
      : '  mails: no SMTP_URL — mails are written to the log only',
    '  push endpoints: https to the browsers’ push services only',
  ];
}
