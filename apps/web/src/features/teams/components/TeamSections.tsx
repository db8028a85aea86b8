import { IonBadge, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonAvatar } from '../../../shared/ui/ionic/avatar.ts';
import type { TeamEvent, TeamMember } from '@vereinsheim/contracts/team';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { ContactPersonItem } from '../../../shared/ui/ContactPersonItem.tsx';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useTeamContactPersons } from '../api/get-team-contact-persons.ts';
import { useDownloadTeamDocument, useTeamDocuments } from '../api/get-team-documents.ts';
import { formatEventTime, formatFileSize } from './format.ts';
import { mediaUrl } from '../../../shared/api/media.ts';

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

export function MembersSection({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation('teams');
  return (
    <section aria-labelledby="team-members">
      <h2 id="team-members">{t('members.title')}</h2>
      {members.length === 0 ? (
        <EmptyState message={t('members.empty')} />
      ) : (
        <IonList>
          {members.map((m) => (
            <IonItem key={m.personId}>
              <IonAvatar slot="start" aria-hidden="true">
                {m.avatarImageUrl ? (
                  <img src={mediaUrl(m.avatarImageUrl)} alt="" width={40} height={40} loading="lazy" />
                ) : (
                  <span className="vh-team-initials">{initials(m.firstName, m.lastName)}</span>
                )}
              </IonAvatar>
              <IonLabel>
                <h3>
                  {m.firstName} {m.lastName}
                </h3>
                <p>{m.roles.map((role) => t(`roles.${role}`)).join(', ')}</p>
                {m.mails.map((mail) => (
                  <p key={mail}>
                    <a href={`mailto:${mail}`}>{mail}</a>
                  </p>
                ))}
                {m.phones.map((phone) => (
                  <p key={phone}>
                    <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
                  </p>
                ))}
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </section>
  );
}

export function EventsSection({ events }: { events: TeamEvent[] }) {
  const { t, i18n } = useTranslation('teams');
  return (
    <section aria-labelledby="team-events">
      <h2 id="team-events">{t('events.title')}</h2>
      {events.length === 0 ? (
        <EmptyState message={t('events.empty')} />
      ) : (
        <IonList>
          {events.map((e) => (
            <IonItem key={e.id} routerLink={pathTo('event', { id: e.id })} detail>
              <IonLabel>
                <h3>{e.name}</h3>
                <p>
                  {formatEventTime(e.startTime, i18n.resolvedLanguage)}
                  {e.place && ` · ${e.place}`}
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </section>
  );
}

/** Documents load and fail on their own (spec §4: pending, success, failure). */
export function DocumentsSection({ tenantId, teamId }: { tenantId: string | undefined; teamId: string }) {
  const { t, i18n } = useTranslation('teams');
  const query = useTeamDocuments(tenantId, teamId);
  const download = useDownloadTeamDocument();
  return (
    <section aria-labelledby="team-documents">
      <h2 id="team-documents">{t('documents.title')}</h2>
      <QueryStates
        query={query}
        texts={{
          loading: t('documents.loading'),
          loadError: t('documents.loadError'),
          retry: t('retry'),
          empty: t('documents.empty'),
        }}
        isEmpty={(documents) => documents.items.length === 0}
      >
        {(documents) => (
          <IonList>
            {documents.items.map((d) => (
              <IonItem
                key={d.id}
                button
                detail={false}
                onClick={() => download.mutate({ downloadUrl: d.downloadUrl, fileName: d.fileName })}
              >
                <IonLabel>
                  <h3>{d.name}</h3>
                  <p>
                    {d.fileName} · {formatFileSize(d.size, i18n.resolvedLanguage)}
                  </p>
                </IonLabel>
                <IonBadge slot="end" color="light">
                  {t('documents.download')}
                </IonBadge>
              </IonItem>
            ))}
          </IonList>
        )}
      </QueryStates>
      {download.isError && <p role="alert">{t('documents.downloadError')}</p>}
    </section>
  );
}

/** Contact persons load and fail on their own. */
export function ContactPersonsSection({
  tenantId,
  teamId,
}: {
  tenantId: string | undefined;
  teamId: string;
}) {
  const { t } = useTranslation('teams');
  const query = useTeamContactPersons(tenantId, teamId);
  return (
    <section aria-labelledby="team-contacts">
      <h2 id="team-contacts">{t('contacts.title')}</h2>
      <QueryStates
        query={query}
        texts={{
          loading: t('contacts.loading'),
          loadError: t('contacts.loadError'),
          retry: t('retry'),
          empty: t('contacts.empty'),
        }}
        isEmpty={(contacts) => contacts.items.length === 0}
      >
        {(contacts) => (
          <IonList>
            {contacts.items.map((c) => (
              <ContactPersonItem key={c.id} name={c.name} role={c.function} email={c.mail} phone={c.phone} />
            ))}
          </IonList>
        )}
      </QueryStates>
    </section>
  );
}
