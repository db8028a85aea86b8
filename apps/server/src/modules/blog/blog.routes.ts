import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlogPostListSchema,
  BlogPostParamsSchema,
  BlogPostSchema,
  BlogQuerySchema,
  BlogReadResultSchema,
  BlogTenantParamsSchema,
  BlogTenantPostParamsSchema,
  CreateBlogPostSchema,
  MyBlogQuerySchema,
  ProblemSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { blogService } from './blog.service.ts';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

export const blogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/cms2/blogpost',
    {
      schema: {
        tags: ['blog'],
        summary:
          "News of all the signed-in person's clubs or of some of them (pinned first, then newest first)",
        querystring: MyBlogQuerySchema,
        response: { 200: BlogPostListSchema, ...errors },
      },
    },
    (request) => blogService.listMine(db, actorOf(request), request.query),
  );

  app.get(
    '/me/cms2/blogpost/:id',
    {
      schema: {
        tags: ['blog'],
        summary: 'One news post the person may read',
        params: BlogPostParamsSchema,
        response: { 200: BlogPostSchema, ...errors },
      },
    },
    (request) => blogService.get(db, actorOf(request), request.params.id),
  );

  app.post(
    '/me/cms2/blogpost/:id/read',
    {
      schema: {
        tags: ['blog'],
        summary: 'Marks a post as read by the person (forced posts stop being prominent)',
        params: BlogPostParamsSchema,
        response: { 200: BlogReadResultSchema, ...errors },
      },
    },
    (request) => blogService.markRead(db, actorOf(request), request.params.id),
  );

  app.get(
    '/tenants/:tenantId/cms2/blogpost',
    {
      schema: {
        tags: ['blog'],
        summary: "One club's news (a non-member sees its public posts only)",
        params: BlogTenantParamsSchema,
        querystring: BlogQuerySchema,
        response: { 200: BlogPostListSchema, ...errors },
      },
    },
    (request) => blogService.listForTenant(db, actorOf(request), request.params.tenantId, request.query),
  );

  app.post(
    '/tenants/:tenantId/cms2/blogpost',
    {
      schema: {
        tags: ['blog'],
        summary: 'Writes a news post (committee, organisers, admins); the body is sanitised',
        params: BlogTenantParamsSchema,
        body: CreateBlogPostSchema,
        response: { 201: BlogPostSchema, 403: ProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const post = await blogService.create(db, actorOf(request), request.params.tenantId, request.body);
      return reply.code(201).send(post);
    },
  );

  app.get(
    '/tenants/:tenantId/cms2/blogpost/:id',
    {
      schema: {
        tags: ['blog'],
        summary: "One of a club's news posts",
        params: BlogTenantPostParamsSchema,
        response: { 200: BlogPostSchema, ...errors },
      },
    },
    (request) => blogService.get(db, actorOf(request), request.params.id, request.params.tenantId),
  );

  app.post(
    '/tenants/:tenantId/cms2/blogpost/:id/read',
    {
      schema: {
        tags: ['blog'],
        summary: 'Marks a post as read by the person',
        params: BlogTenantPostParamsSchema,
        response: { 200: BlogReadResultSchema, ...errors },
      },
    },
    (request) => blogService.markRead(db, actorOf(request), request.params.id, request.params.tenantId),
  );
};
