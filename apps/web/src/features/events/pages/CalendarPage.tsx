import { useIonRouter } from '@ionic/react';
import type { EventDetail } from '@vereinsheim/contracts/events';
import {
  addDays,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  isSameDay,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useCallback, useMemo, useState } from 'react';
import {
  Calendar,
  dateFnsLocalizer,
  Views,
  type AgendaTimeProps,
  type Formats,
  type View,
} from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import {
  formatDate,
  formatLongDate,
  formatTime,
  formatTimeRange,
  formatWeekdayDay,
} from '../../../shared/i18n/format.ts';
import { UI_LOCALES, uiLocale } from '../../../shared/i18n/locale.ts';
import { ClubScopeSelect, useClubScope } from '../../../shared/tenant-selection/index.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCalendarEvents } from '../api/get-calendar-events.ts';
import '../components/events.css';
import { EVENT_STATUS_COLORS } from '../components/status-colors.ts';

interface CalendarItem {
  id: string;
  title: string;
  start: Date;
  end: Date;
  resource: EventDetail;
}

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: Object.fromEntries(Object.values(UI_LOCALES).map((l) => [l.calendarCulture, l.dateFns])),
});

/**
 * The headings and dates the calendar writes, from the app's one formatting module, so they read as on every
 * other page (react-big-calendar's defaults mix 'Mon Nov 23' and '23/11/2026' in English).
 */
function calendarFormats(language: string | undefined): Formats {
  const range = ({ start, end }: { start: Date; end: Date }) =>
    `${formatDate(start.toISOString(), language)} – ${formatDate(end.toISOString(), language)}`;
  return {
    agendaDateFormat: (date: Date) => formatWeekdayDay(date, language),
    agendaHeaderFormat: range,
    dayRangeHeaderFormat: range,
    dayHeaderFormat: (date: Date) => formatLongDate(date, language),
    agendaTimeFormat: (date: Date) => formatTime(date, language),
    agendaTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
      formatTimeRange(start, end, language),
    timeGutterFormat: (date: Date) => formatTime(date, language),
    eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
      formatTimeRange(start, end, language),
  };
}

/**
 * The agenda's time of an event on one of its days. An event over several days says when it starts on its first
 * day ('ab 18:00'), when it ends on its last ('bis 17:00') and 'Ganztägig' between, in place of react-big-calendar's
 * '«' and '»' around the time.
 */
function AgendaTime({ event, day, label }: AgendaTimeProps) {
  const { t, i18n } = useTranslation('events');
  const { start, end } = event;
  if (!start || !end || isSameDay(start, end)) return label;
  if (isSameDay(day, start))
    return t('calendar.startsAt', { time: formatTime(start, i18n.resolvedLanguage) });
  if (isSameDay(day, end)) return t('calendar.endsAt', { time: formatTime(end, i18n.resolvedLanguage) });
  return t('calendar.allDay');
}

const CALENDAR_COMPONENTS = { agenda: { time: AgendaTime } };

/** The fetched window: the whole visible month grid (plus a week), whatever view is shown. */
function rangeFor(date: Date): { from: string; till: string } {
  const from = startOfWeek(startOfMonth(date), { weekStartsOn: 1 });
  const till = addDays(endOfWeek(endOfMonth(date), { weekStartsOn: 1 }), 7);
  return { from: format(from, 'yyyy-MM-dd'), till: format(till, 'yyyy-MM-dd') };
}

/** /calendar: the club scope's events in month, week, day and agenda views, in the UI language. */
export default function CalendarPage() {
  const { t, i18n } = useTranslation('events');
  const router = useIonRouter();
  const scope = useClubScope();
  const [date, setDate] = useState(() => new Date());
  // A phone shows the agenda first: a month grid at 390 px leaves each event two letters.
  const [view, setView] = useState<View>(() =>
    window.matchMedia?.('(max-width: 599px)').matches ? Views.AGENDA : Views.MONTH,
  );
  const range = useMemo(() => rangeFor(date), [date]);
  const query = useCalendarEvents(range, scope.tenantIds ?? [], scope.ready);
  const culture = uiLocale(i18n.resolvedLanguage).calendarCulture;
  const formats = useMemo(() => calendarFormats(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const items = useMemo<CalendarItem[]>(
    () =>
      (query.data ?? []).map((e) => ({
        id: e.id,
        title: e.cancelled ? `${t('status.cancelled')}: ${e.name}` : e.name,
        start: new Date(e.start),
        end: new Date(e.end),
        resource: e,
      })),
    [query.data, t],
  );
  const messages = useMemo(
    () => ({
      date: t('calendar.date'),
      time: t('calendar.time'),
      event: t('calendar.event'),
      allDay: t('calendar.allDay'),
      week: t('calendar.week'),
      work_week: t('calendar.work_week'),
      day: t('calendar.day'),
      month: t('calendar.month'),
      previous: t('calendar.previous'),
      next: t('calendar.next'),
      yesterday: t('calendar.yesterday'),
      tomorrow: t('calendar.tomorrow'),
      today: t('calendar.today'),
      agenda: t('calendar.agenda'),
      noEventsInRange: t('calendar.noEventsInRange'),
      showMore: (count: number) => t('calendar.showMore', { count }),
    }),
    [t],
  );
  const open = useCallback(
    (item: CalendarItem) => router.push(pathTo('event', { id: item.id }), 'forward'),
    [router],
  );

  return (
    <AppPage title={t('calendarTitle')}>
      <ClubScopeSelect scope={scope} />
      {query.isError && <EmptyState message={t('calendar.loadError')} />}
      <div className="vh-calendar" aria-busy={query.isFetching}>
        <Calendar<CalendarItem>
          localizer={localizer}
          culture={culture}
          formats={formats}
          messages={messages}
          events={items}
          date={date}
          view={view}
          views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
          onNavigate={setDate}
          onView={setView}
          onSelectEvent={open}
          popup
          components={CALENDAR_COMPONENTS}
          eventPropGetter={(item) => ({
            // Ionic's colour class of the status, as its badge in the lists has (EVENT_STATUS_COLORS).
            className: `vh-calendar-event vh-calendar-event--${item.resource.status} ion-color-${EVENT_STATUS_COLORS[item.resource.status]}`,
          })}
        />
      </div>
    </AppPage>
  );
}
