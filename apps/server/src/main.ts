// First: V8 settings that must hold before the modules below allocate anything (ADR 0040).
import './runtime-flags.ts';
import { buildApp } from './app.ts';
import { ConfigError, describeMode, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { loadOrCreateSigningKeys } from './identity/keys.ts';
import { fileStoreFor } from './modules/media/index.ts';
import { seedDemoData, DEMO_ACCOUNTS, DEMO_INVITATION_TOKEN, DEMO_PASSWORD } from './seed/demo.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(config);
const keys = config.embeddedIdp
  ? await loadOrCreateSigningKeys(database.db, {
      dataDir: config.dataDir,
      configured: config.oidc.signingKeys,
    })
  : undefined;
const app = await buildApp({ config, database, keys });

if (config.demoData) {
  await seedDemoData(database.db, {
    issuer: config.oidc.issuer,
    files: await fileStoreFor(config, database.db),
  });
  app.log.info(
    { accounts: DEMO_ACCOUNTS.map((a) => a.email), password: DEMO_PASSWORD },
    'demo data ready: sign in with one of these accounts',
  );
}

let closing = false;
async function shutdown(signal: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(exitCode);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// The process-level safety net (docs/decisions/0014-database-faults-and-bad-input.md). Request errors end in the error handler
// and every database connection has an error listener, so what arrives here is a bug somewhere else.
// A rejected promise nobody awaited left no half-done state behind: log it and keep serving.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection; still serving');
});
// A synchronous throw from an event handler may have left state half-changed. A database connection error is
// known to be harmless (the connection is discarded); anything else: stop taking requests, finish the running
// ones and exit non-zero so that the supervisor starts a fresh process.
process.on('uncaughtException', (error, origin) => {
  if (isDatabaseUnavailable(error)) {
    app.log.error({ err: error }, 'database connection error outside a request; still serving');
    return;
  }
  app.log.fatal({ err: error, origin }, 'uncaught exception; restarting the process');
  void shutdown('uncaughtException', 1);
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    mode: config.mode,
    database: database.kind,
    embeddedIdp: config.embeddedIdp,
    smtp: !!config.mail.smtpUrl,
  },
  `Vereinsheim started in ${config.mode} mode`,
);
const banner = [`\nVereinsheim runs at ${config.publicUrl}`, ...describeMode(config)];
if (config.demoData) {
  banner.push(
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(32)} ${a.description}`),
    `Invitation link TSV Grünwald: ${config.publicUrl}/clubs/join?token=${DEMO_INVITATION_TOKEN}`,
  );
}
console.log(`${banner.join('\n')}\n`);
