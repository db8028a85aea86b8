import { IonItem, IonList } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import type { TenantSummary } from '@vereinsheim/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantSelection } from '../../../shared/tenant-selection/selection.ts';
import { ClubAvatar } from './ClubAvatar.tsx';

/** The person's clubs with a checkbox each; at most 5 can be selected ('Vereine (max 5)'). */
export function ClubSelectionList({ tenants }: { tenants: TenantSummary[] }) {
  const { t } = useTranslation('clubs');
  const selection = useTenantSelection();
  const [limitHit, setLimitHit] = useState(false);
  return (
    <>
      <h2 id="club-selection-title">{t('selectionTitle')}</h2>
      <p>{t('selectionHint')}</p>
      <p role="status" aria-live="polite">
        {t('selected', { count: selection.selectedIds.length, max: selection.max })}
        {limitHit && <> – {t('limitReached', { max: selection.max })}</>}
      </p>
      <IonList aria-labelledby="club-selection-title">
        {tenants.map((tenant) => {
          const checked = selection.isSelected(tenant.id);
          return (
            <IonItem key={tenant.id}>
              <label className="vh-club-option">
                <ClubAvatar tenant={tenant} alt="" />
                <span className="vh-club-name">{tenant.name}</span>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && selection.limitReached}
                  onChange={() => setLimitHit(selection.toggle(tenant.id) === 'limit')}
                />
              </label>
              {tenant.primaryUrl && (
                <IonNote slot="helper">
                  <a href={tenant.primaryUrl} target="_blank" rel="noopener noreferrer">
                    {t('website')}
                  </a>
                </IonNote>
              )}
            </IonItem>
          );
        })}
      </IonList>
    </>
  );
}
