/** The apps' claimed https links: /.well-known/assetlinks.json, apple-app-site-association, /app/* fallback. */
export { appLinksRoutes } from './app-links.routes.ts';
