import { index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PUSH_PLATFORMS } from '@vereinsheim/contracts';
import { persons } from './core.ts';

export const pushPlatformEnum = pgEnum('push_platform', PUSH_PLATFORMS);

/**
 * A device that receives push notifications: a Web Push subscription (endpoint + keys) or a native
 * FCM/APNs token. `address` is the endpoint (web) or token (native) and identifies the device.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    platform: pushPlatformEnum('platform').notNull(),
    address: text('address').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** The device's language (Accept-Language when it was registered): pushes are rendered in it. */
    locale: text('locale').notNull().default('de'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_platform_address_uq').on(t.platform, t.address),
    index('push_subscriptions_person_idx').on(t.personId),
  ],
);

/**
 * Which device a push job has already reached (ADR 0021): a job that runs again (a retry after another device
 * failed, or after a crash before the job was marked done) skips these devices. `key` is the job's key.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    key: text('key').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.subscriptionId] })],
);
