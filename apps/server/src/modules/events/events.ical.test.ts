import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';

let ctx: TestContext;
let member: TestPerson;
let eventId: string;
let updatedAt: Date;
let single: string;
let feed: string;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await ctx.createPerson();
  const club = await ctx.createClub('Kalenderverein');
  await ctx.addMembership(member.personId, club);
  eventId = (await createFixtureEvent(ctx.db, { tenantId: club, name: 'Regatta, Sommer; 2026' })).id;
  // A DTSTAMP with seconds, so that a floating or shifted value shows.
  updatedAt = new Date('2026-03-29T01:30:45.000Z');
  await ctx.db.update(events).set({ updatedAt }).where(eq(events.id, eventId));
  const headers = await ctx.auth(member);
  single = (await ctx.app.inject({ url: `/api/event/${eventId}/ical`, headers })).body;
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/event/${eventId}/registration`,
        headers,
        payload: {},
      })
    ).statusCode,
  ).toBeLessThan(300);
  const { url } = (await ctx.app.inject({ url: '/api/me/calendar-feed', headers })).json<{ url: string }>();
  feed = (await ctx.app.inject({ url: new URL(url).pathname })).body;
});
afterAll(() => ctx.close());

/** Content lines with folding undone (RFC 5545 §3.1). */
const contentLines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

/**
 * RFC 5545 §3.4/§3.6: a component's properties come before its subcomponents. Returns every property line that
 * follows a subcomponent of the same component.
 */
function propertiesAfterComponents(text: string): string[] {
  const stack: { name: string; sawComponent: boolean }[] = [];
  const late: string[] = [];
  for (const line of contentLines(text)) {
    if (line.startsWith('BEGIN:')) {
      if (stack.length) stack[stack.length - 1]!.sawComponent = true;
      stack.push({ name: line.slice(6), sawComponent: false });
    } else if (line.startsWith('END:')) stack.pop();
    else if (stack.at(-1)?.sawComponent) late.push(`${stack.at(-1)!.name}: ${line}`);
  }
  return late;
}

describe.each([
  ['the single-event download', () => single],
  ['the personal feed', () => feed],
])('iCalendar of %s', (_label, body) => {
  it('parses with ical.js and holds the event', () => {
    const calendar = new ICAL.Component(ICAL.parse(body()) as unknown[]);
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    expect(vevents[0]!.getFirstPropertyValue('summary')).toBe('Regatta, Sommer; 2026');
    expect(body().startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  });

  it('writes DTSTAMP in UTC (RFC 5545 §3.8.7.2) at the instant of the last change', () => {
    expect(contentLines(body()).filter((l) => l.startsWith('DTSTAMP'))).toEqual(['DTSTAMP:20260329T013045Z']);
    const calendar = new ICAL.Component(ICAL.parse(body()) as unknown[]);
    const stamp = calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone?.tzid).toBe('UTC');
    expect(stamp.toJSDate().getTime()).toBe(updatedAt.getTime());
  });

  it('puts every calendar property before VTIMEZONE and the events (RFC 5545 §3.6)', () => {
    const lines = contentLines(body());
    const timezone = lines.indexOf('BEGIN:VTIMEZONE');
    for (const name of ['NAME', 'X-WR-CALNAME', 'X-WR-TIMEZONE', 'REFRESH-INTERVAL', 'X-PUBLISHED-TTL']) {
      const at = lines.findIndex((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
      expect(at, name).toBeGreaterThan(0);
      expect(at, name).toBeLessThan(timezone);
    }
    expect(propertiesAfterComponents(body())).toEqual([]);
  });
});
