import path from 'node:path';
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
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
  NATIVE_REDIRECT_URI: z.string().default('de.vereinsheim.app:/signin-oidc'),
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
});

export interface Config {
  env: 'development' | 'production' | 'test';
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
    /** Additional exact redirect URIs of the embedded provider's web client (OIDC_EXTRA_REDIRECT_URIS). */
    extraRedirectUris: string[];
  };
  demoData: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  telemetryInstrumentationKey: string | undefined;
  supportMail: string;
  links: { help: string; updates: string; imprint: string; privacy: string };
  nativeRedirectUri: string;
  /** Web Push (VAPID): keys from the environment, else generated in DATA_DIR/push/vapid.json. */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string;
    /** Outside production any http(s) endpoint is accepted (tests run a local push service). */
    allowAnyEndpoint: boolean;
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
  const externalIdp = e.OIDC_ISSUER !== undefined;
  if (externalIdp && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embeddedDefault = !externalIdp && e.DATABASE_URL === undefined;
  const demoData = e.DEMO_DATA ?? (embeddedDefault && e.NODE_ENV !== 'production');
  if (e.NODE_ENV === 'production') {
    if (demoData)
      throw new ConfigError('Invalid configuration: DEMO_DATA: demo data is refused in production');
    if (!externalIdp && !e.OIDC_COOKIE_KEYS) {
      throw new ConfigError(
        'Invalid configuration: OIDC_COOKIE_KEYS: required in production when the embedded provider runs',
      );
    }
    if (!e.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL: required in production');
  }
  return {
    env: e.NODE_ENV,
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
      extraRedirectUris: e.OIDC_EXTRA_REDIRECT_URIS ?? [],
    },
    demoData,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    telemetryInstrumentationKey: e.TELEMETRY_INSTRUMENTATION_KEY,
    supportMail: e.SUPPORT_MAIL,
    links: { help: e.HELP_URL, updates: e.UPDATES_URL, imprint: e.IMPRINT_URL, privacy: e.PRIVACY_URL },
    nativeRedirectUri: e.NATIVE_REDIRECT_URI,
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_MAIL}`,
      allowAnyEndpoint: e.NODE_ENV !== 'production',
    },
  };
}
