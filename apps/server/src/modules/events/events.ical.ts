import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EventRow } from './events.repository.ts';

export const CALENDAR_TIME_ZONE = 'Europe/Berlin';

/** VTIMEZONE for Europe/Berlin (EU rules since 1996: last Sunday of March / October). */
const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const berlinFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CALENDAR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The Berlin wall-clock time as a floating ISO string; ical-generator writes it with TZID=Europe/Berlin.
 * (It reads a zone-less string back through the process zone, which round-trips the digits.)
 */
function berlinWallClock(date: Date): string {
  return berlinFormat.format(date).replace(' ', 'T');
}

function location(event: EventRow): string | null {
  const street = [event.street, event.streetNumber].filter(Boolean).join(' ');
  const city = [event.zip, event.city].filter(Boolean).join(' ');
  const parts = [event.placeName, street, city, event.country].filter((p) => p && p.trim());
  return parts.length ? parts.join(', ') : null;
}

export function buildCalendar(
  input: {
    name: string;
    publicUrl: string;
    events: { event: EventRow; tenantName: string }[];
  },
  options: { method?: boolean } = {},
): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: 'Vereinsheim', product: 'Vereinsheim', language: 'DE' },
    timezone: { name: CALENDAR_TIME_ZONE, generator: () => BERLIN_VTIMEZONE },
    ttl: 60 * 60,
  });
  if (options.method) calendar.method(ICalCalendarMethod.PUBLISH);
  for (const { event, tenantName } of input.events) {
    calendar.createEvent({
      id: `${event.id}@vereinsheim`,
      start: berlinWallClock(event.startsAt),
      end: berlinWallClock(event.endsAt),
      timezone: CALENDAR_TIME_ZONE,
      stamp: event.updatedAt,
      summary: event.cancelled ? `Abgesagt: ${event.name}` : event.name,
      description: [event.description, `Veranstalter: ${event.organiser ?? tenantName}`]
        .filter(Boolean)
        .join('\n\n'),
      location: location(event),
      url: `${input.publicUrl}/events/${event.id}`,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
