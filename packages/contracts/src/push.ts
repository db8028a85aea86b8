import { z } from 'zod';
import { deferred } from './deferred.ts';

export const PUSH_PLATFORMS = ['web', 'ios', 'android'] as const;
export const PushPlatformSchema = deferred(() => z.enum(PUSH_PLATFORMS));
export type PushPlatform = z.infer<typeof PushPlatformSchema>;

const base64url = deferred(() => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'expected base64url'));

/** A browser's PushSubscription.toJSON(). */
export const WebPushSubscriptionSchema = deferred(() =>
  z.object({
    platform: z.literal('web').optional(),
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(32) }),
  }),
);

/** A native device token from @capacitor/push-notifications (FCM on Android, APNs on iOS). */
export const NativePushSubscriptionSchema = deferred(() =>
  z.object({
    platform: z.enum(['ios', 'android']),
    token: z.string().trim().min(8).max(4096),
  }),
);

/** POST /api/me/push/subscriptions: a web subscription or a native token; registering twice updates. */
export const RegisterPushSubscriptionSchema = deferred(() =>
  z.union([NativePushSubscriptionSchema, WebPushSubscriptionSchema]),
);
export type RegisterPushSubscription = z.infer<typeof RegisterPushSubscriptionSchema>;

/** DELETE /api/me/push/subscriptions: names the subscription by its endpoint (web) or token (native). */
export const UnregisterPushSubscriptionSchema = deferred(() =>
  z.union([
    z.object({ endpoint: z.string().min(1).max(2000) }),
    z.object({ token: z.string().min(1).max(4096) }),
  ]),
);
export type UnregisterPushSubscription = z.infer<typeof UnregisterPushSubscriptionSchema>;

export const PushSubscriptionInfoSchema = deferred(() =>
  z.object({
    id: z.string(),
    platform: PushPlatformSchema,
    createdAt: z.string(),
  }),
);
export type PushSubscriptionInfo = z.infer<typeof PushSubscriptionInfoSchema>;

export const PushSubscriptionListSchema = deferred(() =>
  z.object({ items: z.array(PushSubscriptionInfoSchema) }),
);

export const VapidPublicKeySchema = deferred(() => z.object({ publicKey: z.string() }));

/** The JSON payload of a web push message, read by the service worker (apps/web/public/sw.js). */
export const PushPayloadSchema = deferred(() =>
  z.object({
    title: z.string(),
    body: z.string(),
    /** In-app path opened on click. */
    url: z.string(),
    tag: z.string().optional(),
    messageId: z.string().optional(),
  }),
);
export type PushPayload = z.infer<typeof PushPayloadSchema>;
