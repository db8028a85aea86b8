import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProblemSchema,
  TELEMETRY_MAX_BODY_BYTES,
  TelemetryAcceptedSchema,
  TelemetryBatchSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { postgresRateLimitStore } from '../../db/rate-counters.ts';
import { problem } from '../../lib/problem.ts';
import { createTelemetryMetrics } from './telemetry.service.ts';

export interface TelemetryRoutesOptions {
  /** When set, batches must carry this key (the one /app-config.json hands out). */
  instrumentationKey: string | undefined;
  /** Requests per IP and window; defaults to 120 per minute. */
  rateLimit?: { max: number; timeWindow: number | string };
  /** The database whose rate_counters table holds the limit for every instance (ADR 0015). */
  db?: Database;
}

/**
 * `POST /api/telemetry/track`: the web app's page views and API-call reports, without authentication,
 * with a small body limit and a per-IP rate limit; counted into Prometheus metrics at /metrics.
 */
export const telemetryRoutes: FastifyPluginAsyncZod<TelemetryRoutesOptions> = async (app, options) => {
  const metrics = createTelemetryMetrics(app.metrics);
  // Scoped to this plugin: only routes that ask for it are limited.
  // The counters live in PostgreSQL: the limit holds across all instances on the database.
  await app.register(rateLimit, {
    global: false,
    ...(options.db ? { store: postgresRateLimitStore(options.db, 'telemetry:') } : {}),
  });
  // navigator.sendBeacon posts text/plain; the body is still JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(problem(400, 'telemetry.invalidJson'), undefined);
    }
  });

  app.post(
    '/telemetry/track',
    {
      bodyLimit: TELEMETRY_MAX_BODY_BYTES,
      config: { rateLimit: options.rateLimit ?? { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['telemetry'],
        summary: 'Accepts a batch of web telemetry events (page views, API calls); no token needed',
        body: TelemetryBatchSchema,
        response: {
          202: TelemetryAcceptedSchema,
          400: ProblemSchema,
          403: ProblemSchema,
          413: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { instrumentationKey, events } = request.body;
      if (
        options.instrumentationKey &&
        instrumentationKey.toLowerCase() !== options.instrumentationKey.toLowerCase()
      ) {
        throw problem(403, 'telemetry.unknownKey');
      }
      metrics.record(events);
      return reply.code(202).send({ accepted: events.length });
    },
  );
};
