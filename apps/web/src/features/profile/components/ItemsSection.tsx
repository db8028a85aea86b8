import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { isApiError } from '../../../shared/api/client.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useItems } from '../api/get-items.ts';
import type { PersonalItem } from '../api/item-kinds.ts';
import { useSaveItem } from '../api/save-item.ts';
import { useShareItem, type ShareChange } from '../api/share-item.ts';
import { describeItem } from './fields.ts';
import { ItemForm } from './ItemForm.tsx';
import { SharingToggles } from './SharingToggles.tsx';

/**
 * One kind of personal data: the list with edit, delete ('Möchtest du das wirklich löschen?') and per-club
 * sharing, a create form, and after creating, the offer to share the new item ("share next").
 */
export function ItemsSection({ kind }: { kind: PersonalItemKind }) {
  const { t } = useTranslation('profile');
  const query = useItems(kind);
  const save = useSaveItem(kind);
  const remove = useDeleteItem(kind);
  const share = useShareItem(kind);
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [shareNext, setShareNext] = useState<string | null>(null);
  const [busyItems, setBusyItems] = useState<ReadonlySet<string>>(new Set());
  const [busyShares, setBusyShares] = useState<ReadonlySet<string>>(new Set());

  const mark = (
    set: (fn: (s: ReadonlySet<string>) => ReadonlySet<string>) => void,
    key: string,
    on: boolean,
  ) =>
    set((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const fail = (error: unknown) =>
    void presentToast({
      message: (isApiError(error) && error.problem?.detail) || t('saveFailed'),
      duration: 5000,
      color: 'danger',
    });

  const onShare = (change: ShareChange) => {
    const key = `${change.tenantId}:${change.scope}`;
    mark(setBusyShares, key, true);
    share.mutate(change, { onError: fail, onSettled: () => mark(setBusyShares, key, false) });
  };

  const confirmDelete = (item: PersonalItem) =>
    void presentAlert({
      header: t('delete'),
      message: t('confirmDelete'),
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        {
          text: t('delete'),
          role: 'destructive',
          handler: () => {
            mark(setBusyItems, item.id, true);
            remove.mutate(item.id, { onError: fail, onSettled: () => mark(setBusyItems, item.id, false) });
          },
        },
      ],
    });

  return (
    <section className="vh-items" aria-labelledby={`items-${kind}`}>
      <h2 id={`items-${kind}`}>{t(`${kind}.title`)}</h2>
      <p className="vh-help">{t(`${kind}.help`)}</p>
      <QueryStates
        query={query}
        texts={{
          loading: t('loading'),
          loadError: t('loadError'),
          retry: t('retry'),
          empty: t(`${kind}.empty`),
        }}
        isEmpty={(items) => items.length === 0 && editing !== 'new'}
      >
        {(items) => (
          <IonList>
            {items.map((item) =>
              editing === item.id ? (
                <ItemForm
                  key={item.id}
                  kind={kind}
                  item={item}
                  busy={save.isPending}
                  onCancel={() => setEditing(null)}
                  onSubmit={(values) =>
                    save.mutateAsync({ id: item.id, values }).then(() => setEditing(null))
                  }
                />
              ) : (
                <IonItem
                  key={item.id}
                  data-testid={`item-${kind}`}
                  className={busyItems.has(item.id) ? 'vh-busy' : undefined}
                >
                  <IonLabel className="ion-text-wrap">
                    <h3>{describeItem(kind, item, t)}</h3>
                    {shareNext === item.id && (
                      <p className="vh-share-next" role="status">
                        {t('sharing.shareNext')}{' '}
                        <IonButton size="small" fill="clear" onClick={() => setShareNext(null)}>
                          {t('sharing.later')}
                        </IonButton>
                      </p>
                    )}
                    <SharingToggles kind={kind} item={item} busy={busyShares} onChange={onShare} />
                    {/* Below the sharing, not beside it: on a phone the toggles keep the full width. */}
                    <div className="vh-item-actions">
                      <IonButton
                        fill="clear"
                        disabled={busyItems.has(item.id)}
                        onClick={() => setEditing(item.id)}
                      >
                        {t('edit')}
                      </IonButton>
                      <IonButton
                        fill="clear"
                        color="danger"
                        disabled={busyItems.has(item.id)}
                        onClick={() => confirmDelete(item)}
                      >
                        {busyItems.has(item.id) ? <IonSpinner name="dots" /> : t('delete')}
                      </IonButton>
                    </div>
                  </IonLabel>
                </IonItem>
              ),
            )}
          </IonList>
        )}
      </QueryStates>
      {editing === 'new' ? (
        <ItemForm
          kind={kind}
          item={null}
          busy={save.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(values) =>
            save.mutateAsync({ id: null, values }).then((created) => {
              setEditing(null);
              setShareNext(created.id);
            })
          }
        />
      ) : (
        <IonButton onClick={() => setEditing('new')}>{t(`${kind}.add`)}</IonButton>
      )}
    </section>
  );
}
