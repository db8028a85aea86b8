import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlogPostListSchema,
  eventStatus,
  EVENT_STATUSES,
  InvoiceDetailSchema,
  InvoiceListSchema,
  OrderElementListSchema,
} from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addresses, blogPosts, events, logMessages, messages } from '../db/schema/index.ts';
import { demoPersonId, seedDemoData } from './demo.ts';
import { planDemoEvents } from './events.ts';
import { demoId } from './ids.ts';
import { berlinParts } from './time.ts';

/** Words that name a time of year, and the months (1–12) they may be used in. */
const SEASONAL_WORDS: [RegExp, number[]][] = [
  [/frühling|frühjahr|anrudern|oster/i, [3, 4, 5]],
  [/sommer/i, [6, 7, 8]],
  [/herbst|abrudern/i, [9, 10, 11]],
  [/winter/i, [12, 1, 2]],
  [/weihnacht|advent|nikolaus/i, [11, 12]],
  [/silvester/i, [12]],
  [/neujahr/i, [1]],
];

/** What in `text` contradicts a date in `month`/`year` (a season word of another season, another year). */
function contradictions(text: string, month: number, year: number): string[] {
  const found = SEASONAL_WORDS.filter(([word, months]) => word.test(text) && !months.includes(month)).map(
    ([word]) => `${word.source} in month ${month}`,
  );
  for (const y of text.match(/\b20\d\d\b/g) ?? []) if (Number(y) !== year) found.push(`${y} in ${year}`);
  return found;
}

interface SeededEvent {
  name: string;
  start: Date;
  registrationOpen: boolean;
  cancelled: boolean;
  registrationDeadline: Date | null;
  freeCancellationDeadline: Date | null;
}

/** The realism rules for events seeded at `now`; returns what breaks them. */
function eventProblems(list: SeededEvent[], now: Date): string[] {
  const problems: string[] = [];
  for (const e of list) {
    const start = berlinParts(e.start);
    const minutes = start.hour * 60 + start.minute;
    if (minutes < 7 * 60 || minutes > 22 * 60)
      problems.push(`${e.name} starts at ${start.hour}:${start.minute} Berlin time`);
    problems.push(
      ...contradictions(e.name, start.month, Number(start.date.slice(0, 4))).map((p) => `${e.name}: ${p}`),
    );
    for (const [what, deadline] of [
      ['registration deadline', e.registrationDeadline],
      ['free cancellation', e.freeCancellationDeadline],
    ] as const) {
      if (!deadline) continue;
      const at = berlinParts(deadline);
      if (!['23:59', '18:00'].includes(`${at.hour}:${String(at.minute).padStart(2, '0')}`))
        problems.push(`${e.name}: ${what} at ${at.hour}:${at.minute}`);
      if (deadline > e.start) problems.push(`${e.name}: ${what} after the start`);
    }
    const open =
      e.registrationOpen &&
      !e.cancelled &&
      e.start > now &&
      (e.registrationDeadline === null || e.registrationDeadline > now);
    if (open && e.freeCancellationDeadline && e.freeCancellationDeadline <= now)
      problems.push(
        `${e.name} is open, but free cancellation ended ${e.freeCancellationDeadline.toISOString()}`,
      );
  }
  return problems;
}

describe('demo events planned at any time of the year', () => {
  // Every 31 hours through a year (so at every hour of the day), and around both daylight-saving changes.
  const nows = [
    ...Array.from({ length: (366 * 24) / 31 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 31 * 3600_000)),
    ...['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25'].flatMap((day) =>
      [0, 1, 2, 3, 7, 17, 18, 21, 23].map((h) => new Date(`${day}T${String(h).padStart(2, '0')}:20:00Z`)),
    ),
  ];

  it('start between 07:00 and 22:00 Berlin time, with names that fit the date and deadlines at 18:00 or 23:59', () => {
    const problems = nows.flatMap((now) =>
      eventProblems(planDemoEvents(now), now).map((p) => `${now.toISOString()}: ${p}`),
    );
    expect(problems).toEqual([]);
  }, 120_000);

  it('always include an event of every status, whatever the hour of seeding', () => {
    for (const now of nows) {
      const statuses = new Set(
        planDemoEvents(now).map((e) =>
          eventStatus({ start: e.start, end: e.end, cancelled: e.cancelled }, now),
        ),
      );
      expect([...statuses].sort(), now.toISOString()).toEqual([...EVENT_STATUSES].sort());
    }
  }, 120_000);

  it('names the festival by its season: no Sommerfest in December', () => {
    const december = planDemoEvents(new Date('2026-11-23T15:00:00Z')).find((e) => e.key === 'sommerfest')!;
    expect(december.name).toBe('Winterfest 2026');
    const july = planDemoEvents(new Date('2027-06-20T08:00:00Z')).find((e) => e.key === 'sommerfest')!;
    expect(july.name).toBe('Sommerfest 2027');
    expect(berlinParts(july.start)).toMatchObject({ hour: 14, minute: 0 });
  });
});

describe('the seeded demo season', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer, files: ctx.files });
    headers = { authorization: `Bearer ${await ctx.token(demoId('account:demo'))}` };
  });
  afterAll(() => ctx.close());

  it('has events on sensible hours, with fitting names and deadlines of open events in the future', async () => {
    const rows = await ctx.db.select().from(events);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const seeded = rows.map((r) => ({
      name: r.name,
      start: r.startsAt,
      registrationOpen: r.registrationOpen,
      cancelled: r.cancelled,
      registrationDeadline: r.registrationDeadline,
      freeCancellationDeadline: r.freeCancellationDeadline,
    }));
    expect(eventProblems(seeded, new Date())).toEqual([]);
  });

  it('has news and messages written at different daytime hours, not at the minute of seeding', async () => {
    const posts = await ctx.db.select().from(blogPosts);
    const notices = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.personId, demoPersonId('demo')));
    const dayAgo = Date.now() - 20 * 60 * 60 * 1000;
    const old = [
      ...posts.map((p) => ({ what: p.title, at: p.publishedOn ?? p.createdAt })),
      ...notices.map((m) => ({ what: m.title ?? m.textKey ?? m.id, at: m.createdAt })),
    ].filter((x) => x.at.getTime() < dayAgo);
    expect(old.length).toBeGreaterThanOrEqual(10);
    const times = old.map(({ what, at }) => {
      const { hour, minute } = berlinParts(at);
      return { what, hour, clock: `${hour}:${String(minute).padStart(2, '0')}` };
    });
    expect(times.filter((t) => t.hour < 7 || t.hour >= 22)).toEqual([]);
    expect(new Set(times.map((t) => t.clock)).size).toBeGreaterThanOrEqual(5);
  });

  it('has news whose seasons and years fit their publication date', async () => {
    const posts = await ctx.db.select().from(blogPosts);
    const problems = posts.flatMap((p) => {
      const at = berlinParts(p.publishedOn ?? p.createdAt);
      // A year in the text may be the coming one (an invitation, the next direct debit).
      const text = `${p.title} ${p.description ?? ''}`.replace(/\b20\d\d\b/g, (y) =>
        Number(y) === Number(at.date.slice(0, 4)) + 1 ? at.date.slice(0, 4) : y,
      );
      // A post may announce what comes next month ('Winterfest am Sportplatz' late in November).
      const year = Number(at.date.slice(0, 4));
      const next = (at.month % 12) + 1;
      const now = contradictions(text, at.month, year);
      return now.length && contradictions(text, next, next === 1 ? year + 1 : year).length
        ? now.map((c) => `${p.title}: ${c}`)
        : [];
    });
    expect(problems).toEqual([]);
  });

  it('has invoices whose order elements add up to the total, to her own address, created over past months', async () => {
    const list = InvoiceListSchema.parse((await get('/api/invoice?pagesize=50')).json());
    const orders = OrderElementListSchema.parse((await get('/api/me/orderelements?pagesize=50')).json());
    const [home] = await ctx.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, demoId('personal:mia:address')));
    const logs = await ctx.db
      .select()
      .from(logMessages)
      .where(and(eq(logMessages.personId, demoPersonId('demo')), eq(logMessages.entityKind, 'invoice')));
    for (const summary of list.items) {
      const invoice = InvoiceDetailSchema.parse((await get(`/api/invoice/${summary.id}`)).json());
      const lines = invoice.lines.reduce((sum, l) => sum + l.netCents, 0);
      const vat = invoice.vatGroups.reduce((sum, g) => sum + g.vatCents, 0);
      expect(lines + vat, invoice.number).toBe(invoice.grossCents);
      const charged = orders.items.filter((o) => o.invoiceId === invoice.id);
      if (charged.length)
        expect(
          charged.reduce((sum, o) => sum + o.totalCents, 0),
          `order elements of ${invoice.number}`,
        ).toBe(invoice.grossCents);
      for (const o of charged) expect(o.quantity * o.unitPriceCents, o.name).toBe(o.totalCents);
      // Her side of the invoice carries her home address from her personal data.
      const hers = invoice.direction === 'incoming' ? invoice.recipient : invoice.issuer;
      expect(hers, invoice.number).toEqual({
        name: 'Mia Hoffmann',
        street: `${home!.street} ${home!.streetNumber}`,
        city: `${home!.zip} ${home!.city}`,
        // A member has no tax number or VAT id of her own (§ 14 UStG asks them of the issuing club).
        taxNumber: null,
        vatId: null,
      });
      // Created (and logged) on its invoice date, not when the demo was seeded.
      expect(berlinParts(new Date(invoice.createdAt)).date, invoice.number).toBe(invoice.invoiceDate);
      const log = logs.find((l) => l.entityId === invoice.id)!;
      expect(log.createdAt.toISOString(), invoice.number).toBe(new Date(invoice.createdAt).toISOString());
    }
    expect(new Set(list.items.map((i) => i.invoiceDate.slice(0, 7))).size).toBeGreaterThanOrEqual(4);
  });

  it('has news images re-encoded like uploads: WebP of at most 1600 px, of the size the post says', async () => {
    const list = BlogPostListSchema.parse((await get('/api/me/cms2/blogpost?pagesize=100')).json());
    const withImages = list.items.filter((p) => p.primaryImageUrl);
    expect(withImages.length).toBeGreaterThanOrEqual(4);
    for (const post of withImages) {
      const image = await ctx.app.inject({ method: 'GET', url: post.primaryImageUrl! });
      expect(image.statusCode, post.title).toBe(200);
      expect(image.headers['content-type'], post.title).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.width, post.title).toBeLessThanOrEqual(1600);
      expect(meta.height, post.title).toBeLessThanOrEqual(1600);
      const record = post.images.find((i) => i.url === post.primaryImageUrl)!;
      expect({ width: record.width, height: record.height }, post.title).toEqual({
        width: meta.width,
        height: meta.height,
      });
    }
  });
});
