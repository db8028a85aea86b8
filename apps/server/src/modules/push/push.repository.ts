import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/index.ts';
import type { PushPlatform } from '@vereinsheim/contracts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const pushRepository = {
  /**
   * Registers a device for the person, or renews the keys of the person's own registration of it. A device
   * registered to another person is left alone: undefined (one statement, so two people racing for one new
   * address cannot both win).
   */
  async upsertOwn(
    db: DbOrTx,
    values: {
      personId: string;
      platform: PushPlatform;
      address: string;
      locale: string;
      p256dh?: string;
      auth?: string;
    },
  ): Promise<PushSubscriptionRow | undefined> {
    const [row] = await db
      .insert(pushSubscriptions)
      .values({ ...values, p256dh: values.p256dh ?? null, auth: values.auth ?? null })
      .onConflictDoUpdate({
        target: [pushSubscriptions.platform, pushSubscriptions.address],
        set: {
          p256dh: values.p256dh ?? null,
          auth: values.auth ?? null,
          locale: values.locale,
          createdAt: new Date(),
        },
        setWhere: eq(pushSubscriptions.personId, values.personId),
      })
      .returning();
    return row;
  },

  async deleteByAddress(db: DbOrTx, personId: string, address: string): Promise<boolean> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.personId, personId), eq(pushSubscriptions.address, address)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  },

  async deleteById(db: DbOrTx, id: string): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  },

  async listForPerson(db: DbOrTx, personId: string, platform?: PushPlatform): Promise<PushSubscriptionRow[]> {
    return db
      .select()
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.personId, personId),
          platform ? eq(pushSubscriptions.platform, platform) : undefined,
        ),
      )
      .orderBy(pushSubscriptions.createdAt);
  },

  /** The device answered: its last success, and (for a job) the mark that it has this job's push. */
  async markSuccess(db: DbOrTx, id: string, key?: string): Promise<void> {
    await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, id));
    if (key) await db.insert(pushDeliveries).values({ key, subscriptionId: id }).onConflictDoNothing();
  },

  /** The devices the push job with this key has reached already. */
  async deliveredTo(db: DbOrTx, key: string): Promise<Set<string>> {
    const rows = await db
      .select({ id: pushDeliveries.subscriptionId })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.key, key));
    return new Set(rows.map((r) => r.id));
  },
};
