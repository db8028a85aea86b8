import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { useSearchFieldNames } from '../../../shared/ui/ionic/search-names.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import type { ManagedEvent } from '@vereinsheim/contracts/events-manage';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { formatMoney } from '../../../shared/i18n/format.ts';
import { useAddParticipant, useMemberSearch } from '../api/manage.ts';

type Status = 'auto' | 'participating' | 'waiting';

/** Adds a member of the club by hand: search by name, choose the status and the price options, give a reason. */
export function AddParticipantForm({ tenantId, event }: { tenantId: string; event: ManagedEvent }) {
  const { t, i18n } = useTranslation('manage');
  const [search, setSearch] = useState('');
  const searchRef = useSearchFieldNames<HTMLIonInputElement>();
  const found = useMemberSearch(tenantId, search);
  const add = useAddParticipant(tenantId, event.id);
  const [person, setPerson] = useState<{ id: string; name: string } | null>(null);
  const [status, setStatus] = useState<Status>('auto');
  const [options, setOptions] = useState<string[]>(() =>
    event.priceOptions.filter((o) => o.required).map((o) => o.id),
  );
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const toggle = (id: string, on: boolean) =>
    setOptions((current) => (on ? [...current, id] : current.filter((x) => x !== id)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!person) return;
    setDone(null);
    add.mutate(
      {
        personId: person.id,
        ...(status === 'auto' ? {} : { status }),
        priceOptionIds: options,
        reason: reason.trim() || null,
      },
      {
        onSuccess: (r) => {
          setDone(t('participants.added', { name: person.name, status: t(`status.${r.status}`) }));
          setPerson(null);
          setSearch('');
          setReason('');
        },
      },
    );
  };

  const problem = (error: Error | null) =>
    error && ((isApiError(error) && error.problem?.detail) || error.message);

  return (
    <form onSubmit={submit} className="vh-manage-form" aria-labelledby="manage-add-participant">
      <h2 id="manage-add-participant">{t('participants.addTitle')}</h2>
      {person ? (
        <div className="vh-manage-actions">
          <p>
            {t('participants.chosen')} <strong>{person.name}</strong>
          </p>
          <IonButton size="small" fill="clear" onClick={() => setPerson(null)}>
            {t('participants.choose')}
          </IonButton>
        </div>
      ) : (
        <>
          <IonItem>
            <IonInput
              ref={searchRef}
              type="search"
              label={t('participants.searchMember')}
              labelPlacement="stacked"
              debounce={300}
              clearInput
              value={search}
              onIonInput={(e) => setSearch(String(e.detail.value ?? ''))}
            />
          </IonItem>
          {found.isError && <p role="alert">{problem(found.error)}</p>}
          {found.data && (
            <IonList aria-label={t('participants.found')}>
              {found.data.items.length === 0 && (
                <IonItem>
                  <IonLabel>{t('participants.noneFound')}</IonLabel>
                </IonItem>
              )}
              {found.data.items.map((m) => (
                <IonItem
                  key={m.personId}
                  button
                  onClick={() => setPerson({ id: m.personId, name: `${m.firstName} ${m.lastName}` })}
                >
                  <IonLabel>
                    {m.firstName} {m.lastName}
                  </IonLabel>
                </IonItem>
              ))}
            </IonList>
          )}
        </>
      )}
      <IonItem>
        <IonSelect
          label={t('participants.status')}
          value={status}
          interface="popover"
          onIonChange={(e) => setStatus(e.detail.value as Status)}
        >
          <IonSelectOption value="auto">{t('participants.statusAuto')}</IonSelectOption>
          <IonSelectOption value="participating">{t('status.participating')}</IonSelectOption>
          <IonSelectOption value="waiting">{t('status.waiting')}</IonSelectOption>
        </IonSelect>
      </IonItem>
      {event.priceOptions.length > 0 && (
        <fieldset className="vh-manage-row">
          <legend>{t('participants.options')}</legend>
          {event.priceOptions.map((o) => (
            <IonItem key={o.id}>
              <IonCheckbox
                checked={options.includes(o.id)}
                onIonChange={(e) => toggle(o.id, e.detail.checked)}
              >
                {o.name} ({formatMoney(o.amount, o.currency, i18n.language)})
                {o.required ? ` – ${t('form.required')}` : ''}
              </IonCheckbox>
            </IonItem>
          ))}
        </fieldset>
      )}
      <IonItem>
        <IonInput
          label={t('participants.reason')}
          labelPlacement="stacked"
          value={reason}
          onIonInput={(e) => setReason(e.detail.value ?? '')}
        />
      </IonItem>
      <IonButton type="submit" disabled={!person || add.isPending}>
        {t('participants.add')}
      </IonButton>
      {done && <p role="status">{done}</p>}
      {add.isError && <p role="alert">{problem(add.error)}</p>}
    </form>
  );
}
