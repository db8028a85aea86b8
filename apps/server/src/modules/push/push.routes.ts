import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProblemSchema,
  PushSubscriptionInfoSchema,
  PushSubscriptionListSchema,
  RegisterPushSubscriptionSchema,
  UnregisterPushSubscriptionSchema,
  VapidPublicKeySchema,
} from '@vereinsheim/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { languageOf } from '../../lib/i18n.ts';
import { actorOf } from '../../plugins/auth.ts';
import { pushService, type WebPush } from './push.service.ts';

/**
 * Device registration (the messages outbox pushes to the devices through `webPush.sender`). Native
 * tokens (iOS APNs, Android FCM) are stored here; sending to them is left to the native-apps work.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; webPush: WebPush }> = async (
  app,
  { db, config, webPush },
) => {
  const vapid = webPush.vapid;
  const allowAnyHost = config.push.allowAnyEndpoint;

  // Public: the client needs the key to subscribe; it is a public key.
  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
        response: { 200: VapidPublicKeySchema },
      },
    },
    async () => ({ publicKey: (await vapid()).publicKey }),
  );

  const authedRoutes: FastifyPluginAsyncZod = async (authed) => {
    authed.addHook('onRequest', app.authenticate);

    authed.get(
      '/me/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          summary: "The person's registered devices",
          response: { 200: PushSubscriptionListSchema, 401: ProblemSchema },
        },
      },
      (request) => pushService.list(db, actorOf(request)),
    );

    authed.post(
      '/me/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          summary:
            'Registers a device: a Web Push subscription {endpoint, keys} or a native {platform, token}',
          body: RegisterPushSubscriptionSchema,
          response: {
            201: PushSubscriptionInfoSchema,
            400: ProblemSchema,
            401: ProblemSchema,
            409: ProblemSchema.describe('the device is registered to another person'),
          },
        },
      },
      async (request, reply) => {
        const info = await pushService.register(db, actorOf(request), request.body, {
          allowAnyHost,
          locale: languageOf(request),
        });
        return reply.code(201).send(info);
      },
    );

    authed.delete(
      '/me/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          summary: 'Removes a device of the person, named by its endpoint (web) or token (native)',
          body: UnregisterPushSubscriptionSchema,
          response: { 204: z.null(), 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
        },
      },
      async (request, reply) => {
        await pushService.unregister(db, actorOf(request), request.body);
        return reply.code(204).send(null);
      },
    );
  };
  await app.register(authedRoutes);
};
