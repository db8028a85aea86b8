import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  AvatarUploadResultSchema,
  BasePersonSchema,
  ImageScopeParamsSchema,
  MeUpdateInputSchema,
  ProblemSchema,
  ProfileSchema,
  TenantImageScopeParamsSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { HttpProblem, problem } from '../../lib/problem.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { FileStore } from '../media/index.ts';
import { profileService } from './profile.service.ts';

const uploadProblems = {
  400: ProblemSchema,
  401: ProblemSchema,
  404: ProblemSchema,
  406: ProblemSchema,
  413: ProblemSchema,
  415: ProblemSchema,
};

/** Reads the one file part of a multipart upload; over the limit → 413. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw problem(415, 'image.notMultipart', {
      errors: [{ field: 'file', message: 'expected multipart/form-data' }],
    });
  }
  try {
    const part = await request.file();
    if (!part) throw problem(400, 'image.required', { errors: [{ field: 'file', message: 'required' }] });
    return await part.toBuffer();
  } catch (error) {
    // @fastify/multipart's own errors (too large, too many parts) carry their 4xx status; anything else thrown
    // while reading the body is the body's fault: a missing or wrong boundary, a truncated or malformed part.
    if (error instanceof HttpProblem || typeof (error as { statusCode?: unknown }).statusCode === 'number')
      throw error;
    throw problem(400, 'image.malformedMultipart', {
      errors: [{ field: 'file', message: `malformed multipart body (${(error as Error).message})` }],
    });
  }
}

export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; store: FileStore }> = async (
  app,
  { db, store },
) => {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });
  // Authenticate before the body is parsed: without a valid token nothing is validated or read.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'My full profile with clubs and every personal-data list',
        response: { 200: ProfileSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => profileService.get(db, actorOf(request)),
  );

  app.put(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'Updates my person (id, title, gender, names, birthdate, birthplace; age ignored)',
        body: MeUpdateInputSchema,
        response: { 200: BasePersonSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => profileService.update(db, actorOf(request), request.body),
  );

  app.put(
    '/me/image/:scope/upload',
    {
      schema: {
        tags: ['profile'],
        summary: 'Uploads my avatar (multipart "file"; scope 0 default, 1 extern, 2 intern; ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        params: ImageScopeParamsSchema,
        response: { 200: AvatarUploadResultSchema, ...uploadProblems },
      },
    },
    async (request) =>
      profileService.uploadAvatar(
        db,
        store,
        actorOf(request),
        request.params.scope as 0 | 1 | 2,
        null,
        await readUpload(request),
      ),
  );

  app.put(
    '/me/image/tenant/:tenantId/:scope/upload',
    {
      schema: {
        tags: ['profile'],
        summary: 'Uploads my avatar for one club (multipart "file"; scope 0, 1 or 2)',
        consumes: ['multipart/form-data'],
        params: TenantImageScopeParamsSchema,
        response: { 200: AvatarUploadResultSchema, ...uploadProblems },
      },
    },
    async (request) =>
      profileService.uploadAvatar(
        db,
        store,
        actorOf(request),
        request.params.scope as 0 | 1 | 2,
        request.params.tenantId,
        await readUpload(request),
      ),
  );

  const removeProblems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };
  app.delete(
    '/me/image/:scope',
    {
      schema: {
        tags: ['profile'],
        summary: 'Removes my avatar of a scope (0 default, 1 extern, 2 intern); 404 when there is none',
        params: ImageScopeParamsSchema,
        response: { 204: z.null().describe('removed'), ...removeProblems },
      },
    },
    async (request, reply) => {
      await profileService.removeAvatar(db, store, actorOf(request), request.params.scope as 0 | 1 | 2, null);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me/image/tenant/:tenantId/:scope',
    {
      schema: {
        tags: ['profile'],
        summary: 'Removes my avatar of a scope for one club; 404 when there is none',
        params: TenantImageScopeParamsSchema,
        response: { 204: z.null().describe('removed'), ...removeProblems },
      },
    },
    async (request, reply) => {
      await profileService.removeAvatar(
        db,
        store,
        actorOf(request),
        request.params.scope as 0 | 1 | 2,
        request.params.tenantId,
      );
      return reply.code(204).send(null);
    },
  );
};
