import ICAL from 'ical.js';
import { render, type Language } from '../../lib/i18n.ts';
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

/** The Berlin wall-clock time of an instant, as a local DATE-TIME written with TZID=Europe/Berlin. */
function berlinTime(date: Date): ICAL.Time {
  return ICAL.Time.fromDateTimeString(berlinFormat.format(date).replace(' ', 'T'));
}

/** An instant in UTC (DTSTAMP must be UTC, RFC 5545 §3.8.7.2). */
function utcTime(date: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(date, true);
}

function location(event: EventRow): string | null {
  const street = [event.street, event.streetNumber].filter(Boolean).join(' ');
  const city = [event.zip, event.city].filter(Boolean).join(' ');
  const parts = [event.placeName, street, city, event.country].filter((p) => p && p.trim());
  return parts.length ? parts.join(', ') : null;
}

function zoned(name: string, time: ICAL.Time): ICAL.Property {
  const property = new ICAL.Property(name);
  property.setParameter('tzid', CALENDAR_TIME_ZONE);
  property.setValue(time);
  return property;
}

/**
 * An iCalendar object (RFC 5545) built with ical.js: it writes a component's properties before its
 * subcomponents, so the calendar properties (RFC 7986 NAME, REFRESH-INTERVAL …) precede VTIMEZONE and the
 * events. Times are Berlin wall-clock with TZID; DTSTAMP is UTC.
 */
export function buildCalendar(
  input: {
    name: string;
    /** The language of the texts the calendar adds (a cancellation's prefix, the organiser's label). */
    lng: Language;
    publicUrl: string;
    events: { event: EventRow; tenantName: string }[];
  },
  options: { method?: boolean } = {},
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Vereinsheim//Vereinsheim//DE');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (options.method) calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('name', input.name);
  calendar.addPropertyWithValue('x-wr-calname', input.name);
  calendar.addPropertyWithValue('x-wr-timezone', CALENDAR_TIME_ZONE);
  // RFC 7986 §5.7: ical.js writes VALUE=DURATION for a duration value of this (to it unknown) property.
  calendar.addPropertyWithValue('refresh-interval', ICAL.Duration.fromSeconds(60 * 60));
  calendar.addPropertyWithValue('x-published-ttl', 'PT1H');
  calendar.addSubcomponent(new ICAL.Component(ICAL.parse(BERLIN_VTIMEZONE) as unknown[]));

  for (const { event, tenantName } of input.events) {
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', `${event.id}@vereinsheim`);
    vevent.addPropertyWithValue('sequence', 0);
    vevent.addPropertyWithValue('dtstamp', utcTime(event.updatedAt));
    vevent.addProperty(zoned('dtstart', berlinTime(event.startsAt)));
    vevent.addProperty(zoned('dtend', berlinTime(event.endsAt)));
    const t = (key: string, name: string) => render(input.lng, { key: `calendar.${key}`, params: { name } });
    vevent.addPropertyWithValue('summary', event.cancelled ? t('cancelled', event.name) : event.name);
    vevent.addPropertyWithValue(
      'description',
      [event.description, t('organiser', event.organiser ?? tenantName)].filter(Boolean).join('\n\n'),
    );
    const where = location(event);
    if (where) vevent.addPropertyWithValue('location', where);
    vevent.addPropertyWithValue('url', `${input.publicUrl}/events/${event.id}`);
    vevent.addPropertyWithValue('status', event.cancelled ? 'CANCELLED' : 'CONFIRMED');
    calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}
