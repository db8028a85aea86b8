import type { MyRegistration } from '@vereinsheim/contracts/events';
import { pathTo } from '@vereinsheim/contracts/routes';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../shared/api/media.ts';
import { useBasePerson } from '../../../shared/api/person.ts';
import { useSession } from '../../../shared/auth/session-context.tsx';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { useClubScope } from '../../../shared/tenant-selection/scope.ts';
import { useMyTenants } from '../../../shared/tenant-selection/tenants.ts';
import { AppLink } from '../../../shared/ui/AppLink.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import type { QueryStatesProps } from '../../../shared/ui/QueryStates.tsx';
import { useLatestNews } from '../api/get-latest-news.ts';
import { useUnreadMessages } from '../api/get-unread-messages.ts';
import { DASHBOARD_EVENTS_COUNT, useUpcomingRegistrations } from '../api/get-upcoming-registrations.ts';
import { useDashboardParts } from './parts.ts';
import './dashboard.css';

/*
 * The dashboard's sections as plain elements (lists, links, buttons; no Ionic element), so that the first screen
 * shows them before the shell has loaded and the shell's page shows the very same (ADR 0027 amendment of
 * 2026-11-28, afternoon). What differs between the two comes from their parts (parts.ts).
 */

/** A row of a dashboard list: an optional picture at the start, the texts, an optional badge at the end. */
function Row({ start, end, children }: { start?: ReactNode; end?: ReactNode; children: ReactNode }) {
  return (
    <>
      {start}
      <span className="vh-item__inner">
        <span className="vh-item__label">{children}</span>
        {end}
      </span>
    </>
  );
}

/** A status badge at a row's end ('Angemeldet', 'Angeheftet'). */
function Badge({
  tone,
  className,
  children,
}: {
  tone: 'primary' | 'warning' | 'medium';
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`vh-item-badge vh-item-badge--${tone}${className ? ` ${className}` : ''}`}>
      {children}
    </span>
  );
}

/** The person's status at an event as one short text ('Warteliste, Platz 2'). */
function statusText(t: TFunction<'dashboard'>, registration: MyRegistration): string {
  if (registration.eventProgressType === 'waiting' && registration.waitingPosition !== null)
    return t('upcoming.status.waitingAt', { position: registration.waitingPosition });
  return t(`upcoming.status.${registration.eventProgressType}`);
}

/** An invitation's two answers; `onAccept`/`onDecline` missing: shown, not yet usable (the first screen). */
export function AnswerButtons({
  registration,
  busy = false,
  onAccept,
  onDecline,
}: {
  registration: MyRegistration;
  busy?: boolean;
  onAccept?: () => void;
  onDecline?: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const name = registration.event.name;
  return (
    <span className="vh-dashboard-answer">
      <button
        type="button"
        className="vh-small-button vh-small-button--solid"
        disabled={busy || !onAccept}
        aria-label={t('upcoming.acceptFor', { name })}
        onClick={onAccept}
      >
        {t('upcoming.accept')}
      </button>
      <button
        type="button"
        className="vh-small-button vh-small-button--outline"
        disabled={busy || !onDecline}
        aria-label={t('upcoming.declineFor', { name })}
        onClick={onDecline}
      >
        {t('upcoming.decline')}
      </button>
    </span>
  );
}

/** Placeholder rows of the list's height while it loads, so the sections below do not move. */
function SkeletonRows({ label }: { label: string }) {
  return (
    <ul className="vh-list" aria-busy="true" aria-label={label}>
      {Array.from({ length: 2 }, (_, i) => (
        <li key={i} className="vh-item vh-dashboard-event">
          <Row>
            <span className="vh-skeleton" style={{ width: '60%' }} />
            <span className="vh-skeleton" style={{ width: '40%' }} />
          </Row>
        </li>
      ))}
    </ul>
  );
}

/** Dashboard section: the person's next events in the club scope with their status; invitations answered here. */
export function UpcomingEvents() {
  const { t, i18n } = useTranslation('dashboard');
  const { ScopeLine, Answer, Retry } = useDashboardParts();
  const scope = useClubScope();
  const query = useUpcomingRegistrations(scope.tenantIds, scope.ready);
  return (
    <section aria-labelledby="dashboard-upcoming" className="vh-dashboard-section">
      <h3 id="dashboard-upcoming">{t('upcoming.title')}</h3>
      <ScopeLine scope={scope} />
      <div className="vh-dashboard-upcoming-body">
        {query.isPending ? (
          <SkeletonRows label={t('upcoming.title')} />
        ) : query.isError ? (
          <EmptyState message={t('loadError')}>
            <Retry onRetry={() => void query.refetch()} />
          </EmptyState>
        ) : query.data.length === 0 ? (
          <EmptyState message={t('upcoming.empty')} />
        ) : (
          <ul className="vh-list" aria-label={t('upcoming.title')}>
            {query.data.slice(0, DASHBOARD_EVENTS_COUNT).map((registration) => (
              <li key={registration.registrationId} className="vh-item vh-dashboard-event">
                <Row
                  end={
                    <Badge
                      tone={registration.eventProgressType === 'invited' ? 'warning' : 'medium'}
                      className="vh-dashboard-status"
                    >
                      {statusText(t, registration)}
                    </Badge>
                  }
                >
                  <h4>
                    <AppLink to={pathTo('event', { id: registration.event.id })}>
                      {registration.event.name}
                    </AppLink>
                  </h4>
                  <p>
                    {formatDateTime(registration.event.start, i18n.resolvedLanguage)} ·{' '}
                    {registration.event.tenantName}
                  </p>
                  {registration.eventProgressType === 'invited' && <Answer registration={registration} />}
                </Row>
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* Below the events once they are there: shown with the skeleton, it would move down when they arrive. */}
      {!query.isPending && (
        <p>
          <AppLink to={pathTo('myRegistrations')}>{t('upcoming.all')}</AppLink>
        </p>
      )}
    </section>
  );
}

/**
 * A dashboard section of linked rows that loads and fails on its own (news, messages): its heading, its list in its
 * parts' states (a reserved height while it loads; the dashboard's error and retry texts), and the link to all of
 * them below.
 */
function LinkedListSection<T>({
  id,
  title,
  bodyClassName,
  query,
  texts,
  isEmpty,
  more,
  children,
}: Omit<QueryStatesProps<T>, 'compact' | 'texts'> & {
  id: string;
  title: ReactNode;
  bodyClassName: string;
  texts: { loading: string; empty: string };
  more: { to: string; label: string };
}) {
  const { t } = useTranslation('dashboard');
  const { States } = useDashboardParts();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <div className={bodyClassName}>
        <States
          query={query}
          texts={{ ...texts, loadError: t('loadError'), retry: t('retry') }}
          isEmpty={isEmpty}
          compact
        >
          {(data) => <ul className="vh-list">{children(data)}</ul>}
        </States>
      </div>
      <p>
        <AppLink to={more.to}>{more.label}</AppLink>
      </p>
    </section>
  );
}

/** Dashboard section: pinned and newest posts. */
export function LatestNews() {
  const { t } = useTranslation('dashboard');
  const news = useLatestNews();
  return (
    <LinkedListSection
      id="dashboard-news"
      title={t('newsTitle')}
      bodyClassName="vh-dashboard-news-body"
      query={news}
      texts={{ loading: t('newsTitle'), empty: t('noNews') }}
      isEmpty={(posts) => posts.length === 0}
      more={{ to: pathTo('blog'), label: t('allNews') }}
    >
      {(posts) =>
        posts.map((post) => (
          <li key={post.id}>
            <AppLink to={pathTo('blogPost', { id: post.id })} className="vh-item vh-item--detail">
              <Row
                start={
                  post.primaryImageUrl && (
                    <img
                      className="vh-item__start vh-dashboard-thumb"
                      src={post.primaryImageUrl}
                      alt=""
                      loading="lazy"
                      width={64}
                      height={36}
                    />
                  )
                }
              >
                <h4>{post.title}</h4>
                {/* Below the title, as on /blog: at the row's end, on a phone, the title was a column beside them. */}
                {(post.isPinned || (post.isForced && !post.isRead)) && (
                  <p className="vh-item-badges">
                    {post.isPinned && <Badge tone="primary">{t('pinned')}</Badge>}
                    {post.isForced && !post.isRead && <Badge tone="warning">{t('important')}</Badge>}
                  </p>
                )}
                {post.tenantName && <p>{post.tenantName}</p>}
              </Row>
            </AppLink>
          </li>
        ))
      }
    </LinkedListSection>
  );
}

/** Dashboard section: the newest unread messages, their count in the heading. */
export function UnreadMessages() {
  const { t } = useTranslation('dashboard');
  const messages = useUnreadMessages();
  const unread = messages.data?.unreadcount ?? 0;
  return (
    <LinkedListSection
      id="dashboard-messages"
      title={`${t('messagesTitle')}${unread > 0 ? ` (${unread})` : ''}`}
      bodyClassName="vh-dashboard-messages-body"
      query={messages}
      texts={{ loading: t('messagesTitle'), empty: t('noUnreadMessages') }}
      isEmpty={(list) => list.items.length === 0}
      more={{ to: pathTo('messages'), label: t('allMessages') }}
    >
      {(list) =>
        list.items.map((message) => (
          <li key={message.id}>
            <AppLink to={pathTo('messages')} className="vh-item vh-item--detail">
              <Row>
                <h4>{message.title}</h4>
                {message.tenantName && <p>{message.tenantName}</p>}
              </Row>
            </AppLink>
          </li>
        ))
      }
    </LinkedListSection>
  );
}

/**
 * The dashboard's content: greets the person, their clubs, next events (invitations answered here), news and
 * messages. The next events come first and their height is known only with them (invitations add answer buttons).
 * The news and messages load at the same time but show once the next events are there, so that nothing the person
 * already sees moves down (no layout shift, issue 14 §6). The next events need the clubs (their scope) and come
 * below them, so they show once the clubs are there: the clubs' list has its height then (so does the link to the
 * clubs below the list). The start-up may have the next events before the clubs (all clubs need no club list,
 * features/dashboard/api/prefetch.ts): the news and messages wait for both, the state `useDashboardSettled` names.
 */
export function DashboardSections() {
  const { t } = useTranslation('dashboard');
  const { States, JoinClub } = useDashboardParts();
  const claims = useSession()?.claims;
  const person = useBasePerson();
  const tenants = useMyTenants();
  const settled = useDashboardSettled();
  useLatestNews();
  useUnreadMessages();
  const name = person.data?.firstName ?? claims?.given_name ?? claims?.name;
  return (
    <>
      <h2>{name ? t('greeting', { name }) : t('greetingAnonymous')}</h2>
      <section aria-labelledby="dashboard-clubs">
        <h3 id="dashboard-clubs">{t('clubsTitle')}</h3>
        <div className="vh-dashboard-clubs-body">
          <States
            query={tenants}
            texts={{ loading: t('clubsTitle'), loadError: t('loadError'), empty: t('noClubs') }}
            isEmpty={(clubs) => clubs.items.length === 0}
          >
            {(clubs) => (
              <ul className="vh-list">
                {clubs.items.map((tenant) => (
                  <li key={tenant.id} className="vh-item">
                    <Row
                      start={
                        tenant.avatarImageUrl && (
                          <img
                            className="vh-item__start vh-club-logo"
                            src={mediaUrl(tenant.avatarImageUrl)}
                            alt=""
                            width={40}
                            height={40}
                          />
                        )
                      }
                    >
                      {tenant.name}
                    </Row>
                  </li>
                ))}
              </ul>
            )}
          </States>
        </div>
        {/* Below the list, so shown with it: drawn before, the link moved down as the clubs arrived. */}
        {!tenants.isPending && (
          <p>
            <AppLink to={pathTo('clubs')}>{t('manageClubs')}</AppLink>
          </p>
        )}
        {tenants.data?.items.length === 0 && <JoinClub />}
      </section>
      {!tenants.isPending && <UpcomingEvents />}
      {settled && (
        <>
          <LatestNews />
          <UnreadMessages />
        </>
      )}
    </>
  );
}

/** True once the dashboard shows what it shows after loading: its clubs and next events have answered. */
export function useDashboardSettled(): boolean {
  const tenants = useMyTenants();
  const scope = useClubScope();
  const upcoming = useUpcomingRegistrations(scope.tenantIds, scope.ready);
  return !tenants.isPending && !upcoming.isPending;
}
