import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/i18n/format.ts';
import { useMyTenants } from '../../../shared/tenant-selection/tenants.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { problemText, useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/validation.ts';
import '../components/validation.css';

const linkOf = (token: string) =>
  `${window.location.origin}${pathTo('joinClub')}?token=${encodeURIComponent(token)}`;

/** A club's invitation links (committee and admins): create, list, revoke. */
export default function ManageInvitationsPage() {
  const { t } = useTranslation('validation');
  const tenants = useMyTenants();
  const clubs = (tenants.data?.items ?? []).filter((c) =>
    c.roles.some((r) => r === 'committee' || r === 'admin'),
  );
  const [picked, setPicked] = useState<string | null>(null);
  const tenantId = picked ?? clubs[0]?.id ?? null;
  return (
    <AppPage title={t('invitations.title')}>
      <p className="vh-help">{t('invitations.help')}</p>
      {tenants.isPending ? null : !tenantId ? (
        <EmptyState message={t('invitations.noClub')} />
      ) : (
        <>
          {clubs.length > 1 && (
            <IonSelect
              label={t('invitations.club')}
              value={tenantId}
              onIonChange={(e) => setPicked(String(e.detail.value))}
            >
              {clubs.map((c) => (
                <IonSelectOption key={c.id} value={c.id}>
                  {c.name}
                </IonSelectOption>
              ))}
            </IonSelect>
          )}
          <Invitations tenantId={tenantId} />
        </>
      )}
    </AppPage>
  );
}

function Invitations({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useTranslation('validation');
  const [toast] = useIonToast();
  const [label, setLabel] = useState('');
  const list = useInvitations(tenantId);
  const create = useCreateInvitation(tenantId);
  const revoke = useRevokeInvitation(tenantId);
  const fail = (error: unknown) =>
    void toast({ message: problemText(error, t('saveError')), duration: 5000, color: 'danger' });
  return (
    <>
      <IonInput
        label={t('invitations.label')}
        labelPlacement="stacked"
        fill="outline"
        value={label}
        onIonInput={(e) => setLabel(String(e.detail.value ?? ''))}
      />
      <IonButton
        disabled={create.isPending}
        onClick={() => create.mutate(label.trim(), { onSuccess: () => setLabel(''), onError: fail })}
      >
        {t('invitations.create')}
      </IonButton>
      <QueryStates
        query={list}
        texts={{
          loading: t('invitations.title'),
          loadError: problemText(list.error, t('loadError')),
          empty: t('invitations.empty'),
        }}
        isEmpty={(l) => l.items.length === 0}
      >
        {(l) => (
          <IonList>
            {l.items.map((inv) => (
              <IonItem key={inv.id}>
                <IonLabel className="ion-text-wrap">
                  <h3>{inv.label || t('invitations.unnamed')}</h3>
                  <p>
                    <code>{linkOf(inv.token)}</code>
                  </p>
                  <p>
                    {inv.revokedAt
                      ? t('invitations.revokedOn', {
                          date: formatDay(inv.revokedAt.slice(0, 10), i18n.resolvedLanguage),
                        })
                      : t('invitations.createdOn', {
                          date: formatDay(inv.createdAt.slice(0, 10), i18n.resolvedLanguage),
                        })}
                  </p>
                  {!inv.revokedAt && (
                    <div className="vh-actions-below">
                      <IonButton
                        size="small"
                        fill="clear"
                        onClick={() =>
                          void navigator.clipboard
                            ?.writeText(linkOf(inv.token))
                            .then(() => toast({ message: t('invitations.copied'), duration: 2000 }))
                        }
                      >
                        {t('invitations.copy')}
                      </IonButton>
                      <IonButton
                        size="small"
                        fill="clear"
                        color="danger"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(inv.id, { onError: fail })}
                      >
                        {t('invitations.revoke')}
                      </IonButton>
                    </div>
                  )}
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        )}
      </QueryStates>
    </>
  );
}
