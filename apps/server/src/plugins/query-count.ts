import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryCount, queryCounting } from '../db/client.ts';

/**
 * With DB_COUNT_QUERIES=1 (the benchmark) every request runs in its own counting store and its response says
 * in `x-db-queries` how many statements it sent to the database. Without it the plugin adds nothing.
 */
export const queryCountPlugin = fp(async (app: FastifyInstance) => {
  if (!queryCounting) return;
  app.addHook('onRequest', (_request, _reply, done) => {
    queryCount.run({ queries: 0 }, done);
  });
  app.addHook('onSend', async (_request, reply) => {
    const store = queryCount.getStore();
    if (store) reply.header('x-db-queries', String(store.queries));
  });
});
