import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonThumbnail } from '../../../shared/ui/ionic/thumbnail.ts';
import { AVATAR_MAX_BYTES } from '@vereinsheim/contracts/profile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useProfile } from '../api/get-profile.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import '../components/profile.css';
import { mediaUrl } from '../../../shared/api/media.ts';

const SCOPES = [0, 1, 2] as const;
const SCOPE_NAMES = ['default', 'extern', 'intern'] as const;

/** /profile/avatar: the avatar per scope (default, extern, intern), generally or for one club. */
export default function AvatarPage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const upload = useUploadAvatar();
  const [tenantId, setTenantId] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const me = profile.data;
  const club = me?.tenants.find((c) => c.id === tenantId);
  const current = (scope: 0 | 1 | 2) =>
    club
      ? [club.personAvatarImageUrl, club.personExternAvatarImageUrl, club.personInternAvatarImageUrl][scope]
      : [me?.avatarImageUrl, me?.externAvatarImageUrl, me?.internAvatarImageUrl][scope];

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
              ) : null}
            </IonThumbnail>
            <IonLabel className="ion-text-wrap">
              <h3>{t(`avatar.${SCOPE_NAMES[scope]}`)}</h3>
              <p>{t(`avatar.${SCOPE_NAMES[scope]}Hint`)}</p>
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
                <IonButton disabled={upload.isPending} onClick={() => inputs.current[scope]?.click()}>
                  {upload.isPending && upload.variables?.scope === scope ? (
                    <IonSpinner name="dots" />
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
