import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { sendCodedProblem } from '../../lib/problem.ts';
import { appLinkFallback, appleAppSiteAssociation, assetLinks } from './app-links.service.ts';

/**
 * App Links (Android) and Universal Links (iOS): the association files, served from configuration (nothing when
 * unconfigured), and the browser fallback of /app/… links. See docs/native.md.
 */
export const appLinksRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const android = assetLinks(config);
  const ios = appleAppSiteAssociation(config);

  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!android) return sendCodedProblem(reply, 404, 'appLinks.android');
    return reply.header('cache-control', 'public, max-age=3600').type('application/json').send(android);
  });

  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_request, reply) => {
    if (!ios) return sendCodedProblem(reply, 404, 'appLinks.ios');
    return reply.header('cache-control', 'public, max-age=3600').type('application/json').send(ios);
  });

  app.get('/app/*', { schema: { hide: true } }, async (request, reply) => {
    const url = new URL(request.url, 'http://portal.invalid');
    const target = appLinkFallback(config, url.pathname, url.search);
    if (!target) {
      return sendCodedProblem(reply, 404, 'route.notFound', {
        params: { method: 'GET', path: url.pathname },
      });
    }
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
};
