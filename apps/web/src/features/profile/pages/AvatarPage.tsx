import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { personOutline } from 'ionicons/icons';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonThumbnail } from '../../../shared/ui/ionic/thumbnail.ts';
import { AVATAR_MAX_BYTES } from '@vereinsheim/contracts/profile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useProfile } from '../api/get-profile.ts';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar.ts';
import '../components/profile.css';
import { mediaUrl } from '../../../shared/api/media.ts';

const SCOPES = [0, 1, 2] as const;
const SCOPE_NAMES = ['default', 'extern', 'intern'] as const;

/**
 * /profile/avatar: the avatar per scope (default, extern, intern), generally or for one club: upload, replace
 * and remove it. A club's scope without its own image shows the general one it falls back to.
 */
export default function AvatarPage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [presentAlert] = useIonAlert();
  const [tenantId, setTenantId] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const me = profile.data;
  const club = me?.tenants.find((c) => c.id === tenantId);
  /** The image a scope shows: for a club, the summary's (which falls back); in general, the default's fallback. */
  const current = (scope: 0 | 1 | 2) =>
    club
      ? [club.personAvatarImageUrl, club.personExternAvatarImageUrl, club.personInternAvatarImageUrl][scope]
      : ([me?.avatarImageUrl, me?.externAvatarImageUrl, me?.internAvatarImageUrl][scope] ??
        me?.avatarImageUrl);
  /** Whether the scope has an image of its own here, not one it falls back to. */
  const own = (scope: 0 | 1 | 2) =>
    club
      ? club.personClubAvatarScopes.includes(scope)
      : !![me?.avatarImageUrl, me?.externAvatarImageUrl, me?.internAvatarImageUrl][scope];
  const busy = (scope: 0 | 1 | 2) =>
    (upload.isPending && upload.variables?.scope === scope) ||
    (remove.isPending && remove.variables?.scope === scope);

  const onFile = (scope: 0 | 1 | 2, file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('avatar.tooLarge'));
      return;
    }
    upload.mutate(
      { file, scope, tenantId: tenantId || null },
      { onError: (e) => setError((isApiError(e) && e.problem?.detail) || t('avatar.failed')) },
    );
  };

  const confirmRemove = (scope: 0 | 1 | 2) =>
    void presentAlert({
      header: t('avatar.removeTitle'),
      message: club
        ? t('avatar.confirmRemoveForClub', { scope: t(`avatar.${SCOPE_NAMES[scope]}`), club: club.name })
        : t('avatar.confirmRemove', { scope: t(`avatar.${SCOPE_NAMES[scope]}`) }),
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        {
          text: t('avatar.remove'),
          role: 'destructive',
          handler: () => {
            setError(null);
            remove.mutate(
              { scope, tenantId: tenantId || null },
              { onError: (e) => setError((isApiError(e) && e.problem?.detail) || t('avatar.removeFailed')) },
            );
          },
        },
      ],
    });

  return (
    <AppPage title={t('avatarTitle')}>
      <p className="vh-help">{t('avatar.help')}</p>
      <IonItem>
        <IonSelect
          label={t('avatar.club')}
          labelPlacement="stacked"
          value={tenantId}
          onIonChange={(e) => setTenantId(String(e.detail.value ?? ''))}
          interface="popover"
        >
          <IonSelectOption value="">{t('avatar.allClubs')}</IonSelectOption>
          {me?.tenants.map((c) => (
            <IonSelectOption key={c.id} value={c.id}>
              {c.name}
            </IonSelectOption>
          ))}
        </IonSelect>
      </IonItem>
      <IonList>
        {SCOPES.map((scope) => (
          <IonItem key={scope}>
            <IonThumbnail slot="start">
              {current(scope) ? (
                <img src={mediaUrl(current(scope) ?? undefined)} alt={t(`avatar.${SCOPE_NAMES[scope]}`)} />
              ) : (
                <span className="vh-avatar-empty" role="img" aria-label={t('avatar.none')}>
                  <IonIcon icon={personOutline} aria-hidden="true" />
                </span>
              )}
            </IonThumbnail>
            <IonLabel className="ion-text-wrap">
              <h3>{t(`avatar.${SCOPE_NAMES[scope]}`)}</h3>
              <p>{t(`avatar.${SCOPE_NAMES[scope]}Hint`)}</p>
              {current(scope) && !own(scope) && <p className="vh-muted">{t('avatar.inherited')}</p>}
              <input
                ref={(el) => {
                  inputs.current[scope] = el;
                }}
                type="file"
                accept="image/*"
                hidden
                aria-label={t(`avatar.${SCOPE_NAMES[scope]}`)}
                onChange={(e) => onFile(scope, e.target.files?.[0])}
              />
              <div className="vh-item-actions">
                {own(scope) && (
                  <IonButton
                    fill="clear"
                    color="danger"
                    disabled={busy(scope)}
                    onClick={() => confirmRemove(scope)}
                  >
                    {remove.isPending && remove.variables?.scope === scope ? (
                      <IonSpinner name="dots" />
                    ) : (
                      t('avatar.remove')
                    )}
                  </IonButton>
                )}
                <IonButton
                  disabled={upload.isPending || busy(scope)}
                  onClick={() => inputs.current[scope]?.click()}
                >
                  {upload.isPending && upload.variables?.scope === scope ? (
                    <IonSpinner name="dots" />
                  ) : own(scope) ? (
                    t('avatar.replace')
                  ) : (
                    t('avatar.upload')
                  )}
                </IonButton>
              </div>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
      {error && (
        <p role="alert" className="vh-error">
          {error}
        </p>
      )}
    </AppPage>
  );
}
