import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryCount, queryCounting } from '../db/client.ts';

/** The request header that asks for a count; the answer is in `x-db-queries`. */
export const COUNT_QUERIES_HEADER = 'x-db-count-queries';

/**
 * With DB_COUNT_QUERIES=1 (the benchmark) a request that sends `x-db-count-queries` runs in its own counting store,
 * and its response says in `x-db-queries` how many statements it sent to the database. Only the requests that ask
 * are counted: a store per request costs about a quarter of `/healthz`'s throughput, which the benchmark would
 * otherwise measure as the server's (it counts one request per endpoint, apart from the load). Without
 * DB_COUNT_QUERIES the plugin adds nothing.
 */
export const queryCountPlugin = fp<{ enabled?: boolean }>(
  async (app: FastifyInstance, { enabled = queryCounting }) => {
    if (!enabled) return;
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers[COUNT_QUERIES_HEADER] === undefined) return done();
      queryCount.run({ queries: 0 }, done);
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      const store = queryCount.getStore();
      if (store) reply.header('x-db-queries', String(store.queries));
      done(null, payload);
    });
  },
);
