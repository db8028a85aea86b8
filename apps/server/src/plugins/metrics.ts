import { timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendCodedProblem } from '../lib/problem.ts';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

export interface MetricsAccess {
  /** METRICS_TOKEN: `Authorization: Bearer <token>` opens /metrics. */
  token: string | undefined;
  /** METRICS_ALLOW: client addresses (request.ip, i.e. after TRUST_PROXY) that need no token. */
  allow: string[];
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who may read /metrics: the configured bearer token, or an address on the allow-list; nobody otherwise. */
export function metricsGuard(access: MetricsAccess) {
  const allowed = access.allow.length > 0 ? proxyAddr.compile(access.allow) : () => false;
  return (request: FastifyRequest): 'ok' | 'unauthorized' | 'forbidden' => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (access.token && match && sameSecret(match[1]!, access.token)) return 'ok';
    if (allowed(request.ip, 0)) return 'ok';
    return access.token ? 'unauthorized' : 'forbidden';
  };
}

/**
 * Prometheus text at /metrics: request counts and latency histograms by route, plus process metrics.
 * Readable only with METRICS_TOKEN or from an address in METRICS_ALLOW (closed when neither is configured).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { defaultMetrics?: boolean; access: MetricsAccess }) => {
    const registry = new Registry();
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method and route',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw URL: ids and query strings stay out of the labels.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });
    const guard = metricsGuard(options.access);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const verdict = guard(request);
      if (verdict === 'unauthorized') return sendCodedProblem(reply, 401, 'metrics.token');
      if (verdict === 'forbidden') return sendCodedProblem(reply, 403, 'metrics.forbidden');
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
);
