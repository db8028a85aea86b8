import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import {
  BlogPostListSchema,
  BlogPostSchema,
  CreateBlogPostSchema,
  ManageTenantParamsSchema,
  PagedQuerySchema,
  ProblemSchema,
  type BlogPost,
  type BlogPostList,
  type CreateBlogPost,
  type PagedQuery,
} from '@vereinsheim/contracts';
import type { Database, Tx } from '../../db/client.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { HttpProblem, problem } from '../../lib/problem.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { writeLog } from '../activity-log/index.ts';
import type { FileStore } from '../media/index.ts';
import { blogRepository, type BlogPostRow } from './blog.repository.ts';
import { sanitizePostHtml } from './blog.sanitize.ts';
import { toBlogPost } from './blog.service.ts';

/** News images: at most this size uploaded, re-encoded to WebP at most this wide (metadata dropped). */
export const NEWS_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const NEWS_IMAGE_WIDTH = 1600;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);

async function logPost(tx: Tx, actor: Actor, post: BlogPostRow, action: 'created' | 'updated' | 'deleted') {
  await writeLog(tx, {
    personId: actor.personId,
    actorPersonId: actor.personId,
    action,
    entityKind: 'blogPost',
    entityId: post.id,
    tenantId: post.tenantId,
    summary: { key: `log.blogPost.${action}`, params: { title: post.title } },
  });
}

/** The committee's side of the club news: every post (scheduled and expired too), edit, delete, images. */
export const blogManageService = {
  async list(db: Database, actor: Actor, tenantId: string, query: PagedQuery): Promise<BlogPostList> {
    await authorize(actor, 'club.news.write', { type: 'club', tenantId });
    const window = pageWindow(query);
    const { rows, total } = await blogRepository.listForEditors(db, await actor.scope(), tenantId, {
      keyword: query.keyword || undefined,
      limit: window.limit,
      offset: window.offset,
    });
    return pagedList(rows.map(toBlogPost), total, window, 'descending');
  },

  async update(db: Database, actor: Actor, tenantId: string, id: string, input: CreateBlogPost) {
    await authorize(actor, 'club.news.write', { type: 'club', tenantId });
    const scope = await actor.scope();
    return db.transaction(async (tx) => {
      const found = await blogRepository.findForEditors(tx, scope, tenantId, id);
      if (!found) throw notVisible('blogPost');
      const row = await blogRepository.update(tx, id, {
        title: input.title,
        description: input.description ?? null,
        body: sanitizePostHtml(input.body),
        scopeType: input.scopeType,
        teamId: input.scopeType === 'team' ? (input.teamId ?? null) : null,
        validFrom: toDate(input.validFrom),
        validTo: toDate(input.validTo),
        publishedOn: toDate(input.publishedOn) ?? found.publishedOn,
        link: input.link ?? null,
        isPinned: input.isPinned,
        isForced: input.isForced,
        pinPriority: input.pinPriority,
        images: input.images.map((image, i) => ({
          id: `${i + 1}`,
          originalUrl: image.originalUrl ?? null,
          path: image.path ?? null,
          width: image.width ?? null,
          height: image.height ?? null,
        })),
      });
      await logPost(tx, actor, row, 'updated');
      return toBlogPost({ ...row, tenantName: found.tenantName, isRead: false });
    });
  },

  async delete(db: Database, actor: Actor, tenantId: string, id: string): Promise<void> {
    await authorize(actor, 'club.news.write', { type: 'club', tenantId });
    const scope = await actor.scope();
    await db.transaction(async (tx) => {
      const found = await blogRepository.findForEditors(tx, scope, tenantId, id);
      if (!found) throw notVisible('blogPost');
      await blogRepository.delete(tx, id);
      await logPost(tx, actor, found, 'deleted');
    });
  },

  /** Checks the upload by content and re-encodes it like avatars (WebP, EXIF and GPS dropped). */
  async uploadImage(store: FileStore, actor: Actor, tenantId: string, data: Buffer) {
    await authorize(actor, 'club.news.write', { type: 'club', tenantId });
    let format: string | undefined;
    try {
      format = (await sharp(data, { limitInputPixels: 40_000_000 }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED_FORMATS.has(format))
      throw problem(415, 'image.notAnImage', { errors: [{ field: 'file', message: 'expected an image' }] });
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: NEWS_IMAGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw problem(415, 'image.unreadable', { errors: [{ field: 'file', message: 'unreadable image' }] });
    }
    const hash = createHash('sha256').update(tenantId).update(':').update(encoded.data).digest('hex');
    const name = `${hash}-${NEWS_IMAGE_WIDTH}.webp`;
    await store.put(name, encoded.data);
    const url = `/media/files/${name}`;
    return { originalUrl: url, path: url, width: encoded.info.width, height: encoded.info.height };
  },
};

const NewsParamsSchema = ManageTenantParamsSchema.extend({ id: z.string().min(1).max(64) });
const NewsImageSchema = z.object({
  originalUrl: z.string(),
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const tags = ['blog-manage'];

/** /api/tenants/{tenantId}/manage/news… (writing a post: POST /api/tenants/{tenantId}/cms2/blogpost). */
export const blogManageRoutes: FastifyPluginAsyncZod<{ db: Database; store: FileStore }> = async (
  app,
  { db, store },
) => {
  await app.register(multipart, {
    limits: { fileSize: NEWS_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/tenants/:tenantId/manage/news',
    {
      schema: {
        tags,
        summary: 'Every post of the club, scheduled and expired ones too (newest first, keyword)',
        params: ManageTenantParamsSchema,
        querystring: PagedQuerySchema,
        response: { 200: BlogPostListSchema, ...problems },
      },
    },
    (request) => blogManageService.list(db, actorOf(request), request.params.tenantId, request.query),
  );

  app.put(
    '/tenants/:tenantId/manage/news/:id',
    {
      schema: {
        tags,
        summary: 'Edit a post (schedule, pin, force, images; the body is sanitised)',
        params: NewsParamsSchema,
        body: CreateBlogPostSchema,
        response: { 200: BlogPostSchema, ...problems },
      },
    },
    (request): Promise<BlogPost> =>
      blogManageService.update(
        db,
        actorOf(request),
        request.params.tenantId,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/tenants/:tenantId/manage/news/:id',
    {
      schema: {
        tags,
        summary: 'Delete a post',
        params: NewsParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await blogManageService.delete(db, actorOf(request), request.params.tenantId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/tenants/:tenantId/manage/news/image',
    {
      schema: {
        tags,
        summary: 'Upload an image for a post: re-encoded to WebP (at most 1600 px wide, metadata dropped)',
        params: ManageTenantParamsSchema,
        response: { 201: NewsImageSchema, ...problems, 413: ProblemSchema, 415: ProblemSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw problem(415, 'image.notMultipart', {
          errors: [{ field: 'file', message: 'expected multipart/form-data' }],
        });
      let data: Buffer;
      try {
        const part = await request.file();
        if (!part) throw problem(400, 'image.required', { errors: [{ field: 'file', message: 'required' }] });
        data = await part.toBuffer();
      } catch (error) {
        if (
          error instanceof HttpProblem ||
          typeof (error as { statusCode?: unknown }).statusCode === 'number'
        )
          throw error;
        throw problem(400, 'image.malformedMultipart', {
          errors: [{ field: 'file', message: 'malformed multipart body' }],
        });
      }
      const image = await blogManageService.uploadImage(
        store,
        actorOf(request),
        request.params.tenantId,
        data,
      );
      return reply.code(201).send(image);
    },
  );
};
