/** Club news. */
export { blogRoutes } from './blog.routes.ts';
export { createBlogPost } from './blog.service.ts';
export { sanitizePostHtml } from './blog.sanitize.ts';
export { blogManageRoutes } from './blog.manage.ts';
