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
import { actorOf } from '../../plugins/auth.ts';
import { PushDispatcher } from './push.dispatcher.ts';
import { loadVapidKeys, type VapidKeys } from './push.keys.ts';
import { createPushSender, pushService } from './push.service.ts';

/**
 * Device registration and the Web Push dispatcher. Native tokens (iOS APNs, Android FCM) are stored
 * here; sending to them is left to the native-apps work (only web devices are pushed to for now).
 */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  // Loaded on first use (generating them writes DATA_DIR/push/vapid.json), not at start-up.
  let vapidKeys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    vapidKeys ??= loadVapidKeys(config).catch((error: unknown) => {
      vapidKeys = undefined;
      throw error;
    });
    return vapidKeys;
  };
  const dispatcher = new PushDispatcher(db, createPushSender(vapid, app.log), app.log);
  dispatcher.start();
  app.addHook('onClose', () => dispatcher.stop());
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
          response: { 201: PushSubscriptionInfoSchema, 400: ProblemSchema, 401: ProblemSchema },
        },
      },
      async (request, reply) => {
        const info = await pushService.register(db, actorOf(request), request.body, { allowAnyHost });
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
