import { IonIcon } from '@ionic/react';
import { IonToggle } from '../../../shared/ui/ionic/toggle.ts';
import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { lockClosed } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { SCOPED_KINDS, type PersonalItem } from '../api/item-kinds.ts';
import type { ShareChange, ShareScope } from '../api/share-item.ts';

export interface SharingTogglesProps {
  kind: PersonalItemKind;
  item: PersonalItem;
  /** `${tenantId}:${scope}` of the sharing changes in flight. */
  busy: ReadonlySet<string>;
  onChange: (change: ShareChange) => void;
}

/** Per club: which view holds the item (intern = contact, extern = members), or whether the club holds it at all. */
export function SharingToggles({ kind, item, busy, onChange }: SharingTogglesProps) {
  const { t } = useTranslation('profile');
  const scopes: ShareScope[] = SCOPED_KINDS.includes(kind) ? ['intern', 'extern'] : ['default'];
  if (item.scopedSharingTenants.length === 0) return <p className="vh-muted">{t('sharing.noClubs')}</p>;
  return (
    <div className="vh-sharing" role="group" aria-label={t('sharing.title')}>
      {item.scopedSharingTenants.map((tenant) => (
        <div key={tenant.id} className="vh-sharing-club">
          <strong>{tenant.name}</strong>
          {tenant.isLocked && (
            <p className="vh-lock" title={tenant.lockedReason ?? undefined}>
              <IonIcon icon={lockClosed} aria-hidden="true" />
              <span>{t('sharing.locked', { reason: tenant.lockedReason ?? '' })}</span>
            </p>
          )}
          {scopes.map((scope) => {
            const on =
              scope === 'intern'
                ? tenant.isIntern
                : scope === 'extern'
                  ? tenant.isExtern
                  : tenant.isDefault || tenant.isIntern || tenant.isExtern;
            const key = `${tenant.id}:${scope}`;
            return (
              <IonToggle
                key={scope}
                checked={on}
                disabled={busy.has(key) || (on && tenant.isLocked)}
                onIonChange={(e) => onChange({ item, tenantId: tenant.id, scope, on: e.detail.checked })}
                labelPlacement="end"
              >
                {busy.has(key) ? t('sharing.busy') : t(`sharing.${scope}`)}
              </IonToggle>
            );
          })}
        </div>
      ))}
    </div>
  );
}
