import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppConfigSchema, HealthSchema, ReadySchema, type AppConfig } from '@vereinsheim/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerEmbeddedProvider } from './identity/index.ts';
import type { SigningKeys } from './identity/keys.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { sendProblem } from './lib/problem.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { mediaPlugin } from './plugins/media.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { personsRoutes } from './modules/persons/persons.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { activityLogRoutes } from './modules/activity-log/activity-log.routes.ts';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { fileStoreFor } from './modules/media/file-store.ts';
import { mediaFilesRoutes } from './modules/media/media.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { calendarFeedRoutes, eventsRoutes } from './modules/events/events.routes.ts';
import { blogRoutes } from './modules/blog/blog.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { awardsRoutes } from './modules/awards/awards.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Signing keys of the embedded provider (required when config.embeddedIdp). */
  keys?: SigningKeys;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Log lines carry method, path (no query string: it may hold codes or tokens) and the request id; no headers. */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
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
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(metricsPlugin, { defaultMetrics: config.env !== 'test' });
  await app.register(openapiPlugin);

  if (config.embeddedIdp && !options.keys)
    throw new Error('The embedded identity provider needs signing keys.');
  await app.register(authPlugin, {
    config,
    db: database.db,
    localJwks: config.embeddedIdp ? options.keys!.publicJwks : undefined,
  });

  app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { schema: { hide: true, response: { 200: ReadySchema } } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const, database: database.kind };
    } catch {
      return sendProblem(reply, 503, 'The database does not answer.');
    }
  });

  const appConfig: AppConfig = {
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    scope: 'openid profile email offline_access',
    apiBaseUrl: `${config.publicUrl}/api`,
    nativeRedirectUri: config.nativeRedirectUri,
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
    await registerEmbeddedProvider(app, { config, db: database.db, keys: options.keys!, mailer });
  }

  const fileStore = fileStoreFor(config.dataDir);
  await app.register(
    async (api) => {
      await api.register(personsRoutes, { db: database.db });
      await api.register(tenantsRoutes, { db: database.db });
      await api.register(personalDataRoutes, { db: database.db });
      await api.register(activityLogRoutes, { db: database.db });
      await api.register(profileRoutes, { db: database.db, store: fileStore });
      await api.register(privacyRoutes, { db: database.db });
      await api.register(accountRoutes, { db: database.db, store: fileStore });
      const eventsDeps = { db: database.db, publicUrl: config.publicUrl, dataDir: config.dataDir };
      await api.register(eventsRoutes, eventsDeps);
      await api.register(calendarFeedRoutes, eventsDeps);
      await api.register(blogRoutes, { db: database.db });
      await api.register(messagesRoutes, { db: database.db });
      await api.register(pushRoutes, { db: database.db, config });
      await api.register(telemetryRoutes, { instrumentationKey: config.telemetryInstrumentationKey });
      await api.register(invoicesRoutes, { db: database.db });
      await api.register(awardsRoutes, { db: database.db });
      await api.register(teamsRoutes, { db: database.db, dataDir: config.dataDir });
    },
    { prefix: '/api' },
  );

  await app.register(mediaPlugin);
  await app.register(mediaFilesRoutes, { store: fileStore });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
