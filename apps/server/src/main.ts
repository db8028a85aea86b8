import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loadOrCreateSigningKeys } from './identity/keys.ts';
import { seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.ts';

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
const keys = config.embeddedIdp ? await loadOrCreateSigningKeys(config.dataDir) : undefined;
const app = await buildApp({ config, database, keys });

if (config.demoData) {
  await seedDemoData(database.db, { issuer: config.oidc.issuer, dataDir: config.dataDir });
  app.log.info(
    { accounts: DEMO_ACCOUNTS.map((a) => a.email), password: DEMO_PASSWORD },
    'demo data ready: sign in with one of these accounts',
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (config.demoData) {
  console.log(
    `\nVereinsheim läuft auf ${config.publicUrl}\nDemo-Konten (Passwort ${DEMO_PASSWORD}):\n` +
      DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(32)} ${a.description}`).join('\n') +
      '\n',
  );
}
