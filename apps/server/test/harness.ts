import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SignJWT, importJWK, type JWK, type JWTPayload } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import {
  openPglite,
  openPostgres,
  queryCount,
  type Database,
  type DatabaseHandle,
} from '../src/db/client.ts';
import { accounts, identities, memberships, persons, tenants } from '../src/db/schema/index.ts';
import { notificationsCaughtUp } from '../src/db/notifications.ts';
import { fromPrivate, type SigningKeys } from '../src/identity/keys.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import type { MembershipRole } from '@vereinsheim/contracts';
import { fileStoreFor, type FileStore } from '../src/modules/media/index.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** A fresh database per call: a clone of the migrated PGlite image, or a new PostgreSQL database from the template. */
export async function openTestDatabase(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const databaseUrl = inject('databaseUrl');
  const template = inject('pgTemplateDb');
  if (databaseUrl && template) {
    const name = `vh_t_${inject('runId')}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString(), 20, { countQueries: true });
    return {
      ...handle,
      async drop() {
        await handle.close();
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const handle = await openPglite({ loadDataDir: new Blob([dump]), countQueries: true });
  return { ...handle, drop: () => handle.close() };
}

export async function testKeys(): Promise<SigningKeys> {
  const raw = await fs.readFile(path.join(inject('testDataDir'), 'jwks.json'), 'utf8');
  return fromPrivate(JSON.parse(raw) as { keys: JWK[] });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: path.join(inject('testDataDir'), `data-${randomUUID()}`),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    // Tests run in production mode unless they ask for the development features explicitly.
    DEV_FEATURES: 'false',
    WEB_DIST: path.join(inject('testDataDir'), 'no-web-build'),
    ...overrides,
  });
}

/** Collects mails instead of sending them. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    return Promise.resolve();
  }
}

export interface TestPerson {
  personId: string;
  subject: string;
  email: string;
  password: string;
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  keys: SigningKeys;
  mailer: MemoryMailer;
  database: DatabaseHandle;
  /** The app's file store (FILE_STORE; PostgreSQL by default). */
  files: FileStore;
  /** Every route the app registered (method and URL pattern), in registration order. */
  routes: { method: string; url: string }[];
  /** Signs an access token as the embedded provider would (overrides for negative tests). */
  token(subject: string, overrides?: { payload?: JWTPayload; expiresIn?: string | number }): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for the person. */
  auth(person: TestPerson): Promise<Record<string, string>>;
  createClub(name?: string): Promise<string>;
  createPerson(
    input?: Partial<{ firstName: string; lastName: string; email: string; password: string }>,
  ): Promise<TestPerson>;
  /**
   * Writes the membership straight into the database and resolves once the app's scope cache has heard of it, so
   * that the person's next request is answered with the new scope (ADR 0045 amendment of 2026-12-07).
   */
  addMembership(personId: string, tenantId: string, role?: MembershipRole): Promise<void>;
  /** Runs `fn` (e.g. an `app.inject`) and counts the statements sent to the database on its behalf (its async context). */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }>;
  /** A second app instance on the same database, ready (ADR 0015); the caller closes it. */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * One scrypt hash per password and worker: a real hash that the provider verifies as any other, but computed once
 * (about 0.1–0.5 s of CPU each) instead of for every person a test creates; only the salt is shared between test
 * persons (ADR 0028).
 */
const passwordHashes = new Map<string, Promise<string>>();
function testPasswordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
    hash.catch(() => passwordHashes.delete(password));
  }
  return hash;
}

/** Builds the real app on a fresh database, with factories that create their own clubs and persons. */
export async function createTestContext(
  configOverrides: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = testConfig(configOverrides);
  const keys = await testKeys();
  const mailer = new MemoryMailer();
  const routes: TestContext['routes'] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const app = await buildApp({
    config,
    database,
    keys,
    mailer,
    onRoute,
    logStream: options.logStream,
  });
  await app.ready();
  const privateKey = await importJWK(keys.privateJwks.keys[0]!, 'RS256');
  const kid = keys.privateJwks.keys[0]!.kid!;
  const db = database.db;

  const token: TestContext['token'] = async (subject, overrides = {}) =>
    new SignJWT({
      scope: 'api',
      client_id: config.oidc.clientId,
      // As the embedded provider's tokens: the time of the sign-in (here: now).
      auth_time: Math.floor(Date.now() / 1000),
      ...overrides.payload,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
      .setIssuer(overrides.payload?.iss ?? config.oidc.issuer)
      .setAudience((overrides.payload?.aud as string | undefined) ?? config.oidc.audience)
      .setSubject(subject)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(overrides.expiresIn ?? '5m')
      .sign(privateKey);

  return {
    app,
    db,
    config,
    files: await fileStoreFor(config, db),
    keys,
    mailer,
    database,
    routes,
    token,
    auth: async (person) => ({ authorization: `Bearer ${await token(person.subject)}` }),
    async createClub(name) {
      const n = ++counter;
      const [row] = await db
        .insert(tenants)
        .values({ slug: `club-${randomUUID()}`, name: name ?? `Testverein ${n}` })
        .returning({ id: tenants.id });
      return row!.id;
    },
    async createPerson(input = {}) {
      const n = ++counter;
      const [person] = await db
        .insert(persons)
        .values({
          firstName: input.firstName ?? `Vorname${n}`,
          lastName: input.lastName ?? `Nachname${n}`,
          birthdate: '1990-05-01',
          birthplace: 'Köln',
        })
        .returning({ id: persons.id });
      const email = input.email ?? `person${n}-${randomUUID().slice(0, 8)}@test.example`;
      const password = input.password ?? 'richtig-gutes-passwort';
      const [account] = await db
        .insert(accounts)
        .values({
          email,
          passwordHash: await testPasswordHash(password),
          emailVerified: true,
          personId: person!.id,
        })
        .returning({ id: accounts.id });
      await db
        .insert(identities)
        .values({ issuer: config.oidc.issuer, subject: account!.id, personId: person!.id });
      return { personId: person!.id, subject: account!.id, email, password };
    },
    async addMembership(personId, tenantId, role = 'member') {
      await db.insert(memberships).values({ personId, tenantId, role });
      await notificationsCaughtUp(database);
    },
    async countQueries(fn) {
      const store = { queries: 0 };
      // Awaited inside the store's context: `app.inject` starts its request only when awaited.
      const result = await queryCount.run(store, async () => await fn());
      return { result, queries: store.queries };
    },
    async anotherInstance() {
      const other = await buildApp({ config, database, keys, mailer });
      await other.ready();
      return other;
    },
    async close() {
      await app.close();
      await database.drop();
      await fs.rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
