import { IonAvatar, IonBadge, IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import type { TeamEvent, TeamMember } from '@vereinsheim/contracts/team';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useTeamContactPersons } from '../api/get-team-contact-persons.ts';
import { useDownloadTeamDocument, useTeamDocuments } from '../api/get-team-documents.ts';
import { formatEventTime, formatFileSize } from './format.ts';

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
                  <img src={m.avatarImageUrl} alt="" width={40} height={40} loading="lazy" />
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
            <IonItem key={e.id} routerLink={`/events/${e.id}`} detail>
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
      {query.isPending ? (
        <IonSpinner aria-label={t('documents.loading')} />
      ) : query.isError ? (
        <EmptyState message={t('documents.loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : query.data.items.length === 0 ? (
        <EmptyState message={t('documents.empty')} />
      ) : (
        <IonList>
          {query.data.items.map((d) => (
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
      {query.isPending ? (
        <IonSpinner aria-label={t('contacts.loading')} />
      ) : query.isError ? (
        <EmptyState message={t('contacts.loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : query.data.items.length === 0 ? (
        <EmptyState message={t('contacts.empty')} />
      ) : (
        <IonList>
          {query.data.items.map((c) => (
            <IonItem key={c.id}>
              <IonLabel>
                <h3>{c.name}</h3>
                <p>{c.function}</p>
                {c.mail && (
                  <p>
                    <a href={`mailto:${c.mail}`}>{c.mail}</a>
                  </p>
                )}
                {c.phone && (
                  <p>
                    <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a>
                  </p>
                )}
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </section>
  );
}
