import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppConfigSchema, HealthSchema, ReadySchema, type AppConfig } from '@vereinsheim/contracts';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createDocumentRenderer } from './documents/index.ts';
import { RETRY_AFTER_SECONDS, serializeError } from './db/errors.ts';
import { purgeRateCountersRegularly } from './db/rate-counters.ts';
import { registerEmbeddedProvider } from './identity/index.ts';
import type { SigningKeys } from './identity/keys.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { sendCodedProblem } from './lib/problem.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { mediaPlugin } from './plugins/media.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { queryCountPlugin } from './plugins/query-count.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { startScopeCache } from './policy/scope-cache.ts';
import { accountRoutes } from './modules/account/index.ts';
import { appLinksRoutes } from './modules/app-links/index.ts';
import { activityLogRoutes } from './modules/activity-log/index.ts';
import { clubAdminRoutes } from './modules/club-admin/index.ts';
import { awardsRoutes } from './modules/awards/index.ts';
import { blogManageRoutes, blogRoutes } from './modules/blog/index.ts';
import { calendarFeedRoutes, eventsManageRoutes, eventsRoutes } from './modules/events/index.ts';
import { invoicesRoutes } from './modules/invoices/index.ts';
import { fileStoreFor, mediaFilesRoutes } from './modules/media/index.ts';
import { mailJobs, startJobWorker } from './modules/jobs/index.ts';
import { messagePushJobs, messagesRoutes } from './modules/messages/index.ts';
import { findOrProvisionPerson, personsRoutes } from './modules/persons/index.ts';
import { personalDataRoutes } from './modules/personal-data/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { createWebPush, pushRoutes } from './modules/push/index.ts';
import { teamsRoutes } from './modules/teams/index.ts';
import { chatPushJobs, chatRoutes } from './modules/chat/index.ts';
import { telemetryRoutes } from './modules/telemetry/index.ts';
import { tenantsRoutes } from './modules/tenants/index.ts';
import { validationRoutes } from './modules/validation/index.ts';
import {
  hasSessionCookie,
  relyingParty,
  sessionRoutes,
  sessionService,
  webOrigins,
  webSessionToken,
} from './modules/session/index.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Signing keys of the embedded provider (required when config.embeddedIdp). */
  keys?: SigningKeys;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (the authorization matrix test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the configured logger writes (default stdout); tests read the log lines from here. */
  logStream?: { write(line: string): void };
  /** Tests: the chat's heartbeat and push sweep intervals. */
  chat?: { heartbeatMs?: number; pushSweepMs?: number };
}

/** Log lines carry method, path (no query string: it may hold codes or tokens) and the request id; no headers. */
function loggerOptions(config: Config, stream?: AppOptions['logStream']): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        // The calendar feed's secret token is part of its path: never log it.
        path: req.url.split('?')[0]!.replace(/^(\/api\/calendar\/)[^/]+/, '$1[token]'),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Database errors carry every query value (personal data): log statement and SQLSTATE only.
      err: serializeError,
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  database.onConnectionError((err) =>
    app.log.warn({ err }, 'database connection lost; the pool opens a new one on demand'),
  );

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.responseCheck }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(queryCountPlugin);
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  await app.register(securityPlugin, { config });
  await app.register(cookie);
  await app.register(metricsPlugin, { defaultMetrics: config.env !== 'test', access: config.metrics });
  await app.register(openapiPlugin);

  if (config.embeddedIdp && !options.keys)
    throw new Error('The embedded identity provider needs signing keys.');
  // The web app's backend-for-frontend (ADR 0009): sign-in, session cookie, refresh and sign-out.
  const origins = webOrigins(config);
  const sessions = sessionService({
    config,
    db: database.db,
    rp: relyingParty(config, app),
    log: app.log,
  });
  // The actors' scopes in memory, dropped when the database notifies a change (ADR 0045).
  const scopes = await startScopeCache(database, app.log);
  app.addHook('onClose', async () => scopes.close());
  await app.register(authPlugin, {
    config,
    resolvePerson: (input) => scopes.remember(() => findOrProvisionPerson(database.db, input)),
    loadScope: (personId) => scopes.load(personId),
    localJwks: config.embeddedIdp ? options.keys!.publicJwks : undefined,
    sessionToken: webSessionToken(sessions, origins),
  });

  app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { schema: { hide: true, response: { 200: ReadySchema } } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const, database: database.kind };
    } catch {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendCodedProblem(reply, 503, 'database.unavailable');
    }
  });

  const appConfig: AppConfig = {
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    scope: config.oidc.clientScope,
    apiBaseUrl: `${config.publicUrl}/api`,
    // The claimed https redirect when App Links / Universal Links are set up (RFC 8252 §7.2 prefers it).
    nativeRedirectUri: config.nativeHttpsRedirectUri ?? config.nativeRedirectUri,
    telemetry: {
      endpoint: `${config.publicUrl}/api/telemetry/track`,
      instrumentationKey: config.telemetryInstrumentationKey ?? null,
    },
    links: config.links,
    supportMail: config.supportMail,
  };
  app.get(
    '/app-config.json',
    { schema: { hide: true, response: { 200: AppConfigSchema } } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-cache');
      return appConfig;
    },
  );

  const mailer = options.mailer ?? createMailer(config, database.db, app.log);
  if (config.embeddedIdp) {
    await registerEmbeddedProvider(app, { config, db: database.db, keys: options.keys! });
  }

  await app.register(sessionRoutes, { sessions, origins });
  await app.register(appLinksRoutes, { config });

  const fileStore = await fileStoreFor(config, database.db);
  const webPush = await createWebPush(config, app.log, database.db);
  // Push and mail leave through durable jobs (ADR 0021); every instance runs a worker.
  const worker = config.jobs.worker
    ? startJobWorker(
        database.db,
        {
          ...messagePushJobs(database.db, webPush.sender),
          ...chatPushJobs(database.db, webPush.sender),
          ...mailJobs(mailer, config.mail.from),
        },
        app.log,
        config.jobs,
      )
    : undefined;
  // Invoice PDFs, XLSX exports and uploaded CSV are handled in worker threads, off the event loop (ADR 0036).
  const documents = createDocumentRenderer(config.documents);
  app.decorate('documents', documents);
  app.addHook('onClose', async () => {
    await worker?.stop();
    await webPush.close();
    await documents.close();
  });
  await app.register(
    async (api) => {
      await api.register(personsRoutes, { db: database.db });
      await api.register(tenantsRoutes, { db: database.db });
      await api.register(personalDataRoutes, { db: database.db });
      await api.register(activityLogRoutes, { db: database.db });
      await api.register(profileRoutes, { db: database.db, store: fileStore });
      await api.register(privacyRoutes, { db: database.db });
      await api.register(accountRoutes, { db: database.db, store: fileStore });
      const eventsDeps = { db: database.db, publicUrl: config.publicUrl, files: fileStore, documents };
      await api.register(eventsRoutes, eventsDeps);
      await api.register(calendarFeedRoutes, eventsDeps);
      await api.register(blogRoutes, { db: database.db });
      await api.register(messagesRoutes, { db: database.db });
      await api.register(pushRoutes, { db: database.db, config, webPush });
      await api.register(telemetryRoutes, {
        instrumentationKey: config.telemetryInstrumentationKey,
        db: database.db,
      });
      purgeRateCountersRegularly(api, database.db);
      await api.register(invoicesRoutes, { db: database.db, documents });
      await api.register(awardsRoutes, { db: database.db });
      await api.register(teamsRoutes, { db: database.db, files: fileStore });
      await api.register(eventsManageRoutes, eventsDeps);
      await api.register(blogManageRoutes, { db: database.db, store: fileStore });
      await api.register(clubAdminRoutes, { db: database.db, documents });
      await api.register(validationRoutes, { db: database.db });
      await api.register(chatRoutes, {
        config,
        database,
        isAllowedOrigin: origins.isAllowed,
        ...options.chat,
      });
    },
    { prefix: '/api' },
  );

  await app.register(mediaPlugin);
  await app.register(mediaFilesRoutes, { store: fileStore });
  await app.register(webPlugin, {
    webDist: config.webDist,
    hasSessionCookie: (request) => hasSessionCookie(request, origins),
  });
  return app;
}
