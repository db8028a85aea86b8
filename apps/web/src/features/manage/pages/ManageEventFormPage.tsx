import { IonButton, IonItem, useIonRouter } from '@ionic/react';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonListHeader } from '../../../shared/ui/ionic/list-header.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import type {
  ManagedEvent,
  ManageEventInput,
  ManagePriceOptionInput,
} from '@vereinsheim/contracts/events-manage';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFieldDateTime } from '../../../shared/i18n/format.ts';
import { useParams } from 'react-router-dom';
import '../components/manage.css';
import '../../../shared/ui/manage.css';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import {
  useDeleteDocument,
  useEventCatalogue,
  useManagedEvent,
  useSaveEvent,
  useUploadDocument,
} from '../api/manage.ts';
import { useManageClub } from '../components/manage-club.ts';

/** ISO ↔ the value of a datetime-local input (the browser's time zone). */
const toLocal = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

type Price = ManagePriceOptionInput;
type Contact = { name: string; role?: string | null; email?: string | null; phone?: string | null };

interface FormState {
  name: string;
  description: string;
  start: string;
  end: string;
  placeName: string;
  city: string;
  street: string;
  zip: string;
  visibility: 'members' | 'public';
  registrationOpen: boolean;
  registrationStart: string;
  registrationDeadline: string;
  freeCancellationDeadline: string;
  maxParticipants: string;
  maxWaiting: string;
  requiresApproval: boolean;
  showParticipants: boolean;
  priceOptions: Price[];
  contactPersons: Contact[];
  disciplineIds: string[];
  divisionIds: string[];
}

const empty: FormState = {
  name: '',
  description: '',
  start: '',
  end: '',
  placeName: '',
  city: '',
  street: '',
  zip: '',
  visibility: 'members',
  registrationOpen: true,
  registrationStart: '',
  registrationDeadline: '',
  freeCancellationDeadline: '',
  maxParticipants: '',
  maxWaiting: '0',
  requiresApproval: false,
  showParticipants: false,
  priceOptions: [],
  contactPersons: [],
  disciplineIds: [],
  divisionIds: [],
};

function fromEvent(e: ManagedEvent): FormState {
  return {
    name: e.name,
    description: e.description ?? '',
    start: toLocal(e.start),
    end: toLocal(e.end),
    placeName: e.place.name ?? '',
    city: e.place.city ?? '',
    street: e.place.street ?? '',
    zip: e.place.zip ?? '',
    visibility: e.visibility,
    registrationOpen: e.registrationOpen,
    registrationStart: toLocal(e.registrationStart),
    registrationDeadline: toLocal(e.registrationDeadline),
    freeCancellationDeadline: toLocal(e.freeCancellationDeadline),
    maxParticipants: e.maxParticipants === null ? '' : String(e.maxParticipants),
    maxWaiting: String(e.maxWaiting),
    requiresApproval: e.requiresApproval,
    showParticipants: e.showParticipants,
    priceOptions: e.priceOptions,
    contactPersons: e.contactPersons,
    disciplineIds: e.disciplineIds,
    divisionIds: e.divisionIds,
  };
}

function toInput(f: FormState): ManageEventInput {
  return {
    name: f.name,
    description: f.description || null,
    start: fromLocal(f.start) ?? '',
    end: fromLocal(f.end) ?? '',
    place: { name: f.placeName || null, city: f.city || null, street: f.street || null, zip: f.zip || null },
    visibility: f.visibility,
    registrationOpen: f.registrationOpen,
    registrationStart: fromLocal(f.registrationStart),
    registrationDeadline: fromLocal(f.registrationDeadline),
    freeCancellationDeadline: fromLocal(f.freeCancellationDeadline),
    maxParticipants: f.maxParticipants === '' ? null : Number(f.maxParticipants),
    maxWaiting: Number(f.maxWaiting || 0),
    requiresApproval: f.requiresApproval,
    showParticipants: f.showParticipants,
    priceOptions: f.priceOptions,
    contactPersons: f.contactPersons.filter((c) => c.name.trim()),
    disciplineIds: f.disciplineIds,
    divisionIds: f.divisionIds,
  };
}

/** /manage/events/new and /manage/events/{id}: the whole event in one form (create, edit). */
export default function ManageEventFormPage() {
  const { t, i18n } = useTranslation('manage');
  const { id } = useParams<{ id?: string }>();
  const { club } = useManageClub();
  const tenantId = club?.id ?? '';
  const existing = useManagedEvent(tenantId, id);
  const save = useSaveEvent(tenantId, id);
  const upload = useUploadDocument(tenantId, id ?? '');
  const removeDoc = useDeleteDocument(tenantId, id ?? '');
  const router = useIonRouter();
  const [presentAlert] = useIonAlert();
  const [form, setForm] = useState<FormState>(empty);
  const disciplines = useEventCatalogue('disciplines');
  const divisions = useEventCatalogue('divisions');
  const [saved, setSaved] = useState(false);

  // The loaded (or reloaded after saving) event fills the form: adjusted while rendering, not in an effect.
  const [loaded, setLoaded] = useState<ManagedEvent | null>(null);
  if (existing.data && existing.data !== loaded) {
    setLoaded(existing.data);
    setForm(fromEvent(existing.data));
  }

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setPrice = (i: number, patch: Partial<Price>) =>
    set(
      'priceOptions',
      form.priceOptions.map((p, j) => (j === i ? { ...p, ...patch } : p)),
    );
  const setContact = (i: number, patch: Partial<Contact>) =>
    set(
      'contactPersons',
      form.contactPersons.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(toInput(form), {
      onSuccess: (event) => {
        setSaved(true);
        if (!id) router.push(pathTo('manageEvent', { id: event.id }), 'forward', 'replace');
      },
    });
  };

  const text = (
    key: keyof FormState,
    label: string,
    type: 'text' | 'datetime-local' | 'number' = 'text',
    required = false,
  ) => (
    <IonItem>
      <IonInput
        label={label}
        labelPlacement="stacked"
        type={type}
        required={required}
        value={form[key] as string}
        name={key}
        helperText={
          type === 'datetime-local'
            ? formatFieldDateTime(form[key] as string, i18n.language) || undefined
            : undefined
        }
        onIonInput={(e) => set(key, (e.detail.value ?? '') as never)}
      />
    </IonItem>
  );

  /** A multiple choice from a global catalogue (the spec's disciplines and divisions). */
  const catalogue = (
    key: 'disciplineIds' | 'divisionIds',
    label: string,
    items: { id: string; name: string }[] | undefined,
  ) => (
    <IonItem>
      <IonSelect
        label={label}
        labelPlacement="stacked"
        multiple
        name={key}
        placeholder={t('form.none')}
        value={form[key]}
        cancelText={t('form.cancel')}
        okText={t('form.ok')}
        onIonChange={(e) => set(key, (e.detail.value ?? []) as string[])}
      >
        {(items ?? []).map((item) => (
          <IonSelectOption key={item.id} value={item.id}>
            {item.name}
          </IonSelectOption>
        ))}
      </IonSelect>
    </IonItem>
  );

  return (
    <AppPage title={id ? t('form.editTitle') : t('form.newTitle')}>
      <form onSubmit={submit} className="vh-manage-form">
        {/* A form, not a list: its fields, price options and contacts (a list role would need list items only). */}
        <div className="vh-manage-form">
          {text('name', t('form.name'), 'text', true)}
          <IonItem>
            <IonTextarea
              label={t('form.description')}
              labelPlacement="stacked"
              autoGrow
              value={form.description}
              onIonInput={(e) => set('description', e.detail.value ?? '')}
            />
          </IonItem>
          {text('start', t('form.start'), 'datetime-local', true)}
          {text('end', t('form.end'), 'datetime-local', true)}
          {text('placeName', t('form.place'))}
          {text('street', t('form.street'))}
          {text('zip', t('form.zip'))}
          {text('city', t('form.city'))}
          {catalogue('disciplineIds', t('form.disciplines'), disciplines.data)}
          {catalogue('divisionIds', t('form.divisions'), divisions.data)}
          <IonItem>
            <IonSelect
              label={t('form.visibility')}
              value={form.visibility}
              interface="popover"
              onIonChange={(e) => set('visibility', e.detail.value as FormState['visibility'])}
            >
              <IonSelectOption value="members">{t('form.visibilityMembers')}</IonSelectOption>
              <IonSelectOption value="public">{t('form.visibilityPublic')}</IonSelectOption>
            </IonSelect>
          </IonItem>
          <IonItem>
            <IonCheckbox
              checked={form.registrationOpen}
              onIonChange={(e) => set('registrationOpen', e.detail.checked)}
            >
              {t('form.registrationOpen')}
            </IonCheckbox>
          </IonItem>
          {text('registrationStart', t('form.registrationStart'), 'datetime-local')}
          {text('registrationDeadline', t('form.registrationDeadline'), 'datetime-local')}
          {text('freeCancellationDeadline', t('form.freeCancellationDeadline'), 'datetime-local')}
          {text('maxParticipants', t('form.maxParticipants'), 'number')}
          {text('maxWaiting', t('form.maxWaiting'), 'number')}
          <IonItem>
            <IonCheckbox
              checked={form.requiresApproval}
              onIonChange={(e) => set('requiresApproval', e.detail.checked)}
            >
              {t('form.requiresApproval')}
            </IonCheckbox>
          </IonItem>
          <IonItem>
            <IonCheckbox
              checked={form.showParticipants}
              onIonChange={(e) => set('showParticipants', e.detail.checked)}
            >
              {t('form.showParticipants')}
            </IonCheckbox>
          </IonItem>

          <IonListHeader>
            <h2>{t('form.prices')}</h2>
          </IonListHeader>
          {form.priceOptions.map((p, i) => (
            <fieldset
              key={p.id ?? `new-${i}`}
              className="vh-manage-row"
              aria-label={t('form.priceN', { n: i + 1 })}
            >
              <IonInput
                label={t('form.priceName')}
                labelPlacement="stacked"
                value={p.name}
                required
                onIonInput={(e) => setPrice(i, { name: e.detail.value ?? '' })}
              />
              <IonInput
                label={t('form.amount')}
                labelPlacement="stacked"
                type="number"
                inputmode="decimal"
                step="0.01"
                value={String(p.amount)}
                onIonInput={(e) => setPrice(i, { amount: Number(e.detail.value || 0) })}
              />
              <IonSelect
                label={t('form.kind')}
                value={p.kind}
                interface="popover"
                onIonChange={(e) => setPrice(i, { kind: e.detail.value as Price['kind'] })}
              >
                <IonSelectOption value="price">{t('form.kindPrice')}</IonSelectOption>
                <IonSelectOption value="option">{t('form.kindOption')}</IonSelectOption>
              </IonSelect>
              <IonCheckbox
                checked={p.required}
                onIonChange={(e) => setPrice(i, { required: e.detail.checked })}
              >
                {t('form.required')}
              </IonCheckbox>
              <IonButton
                fill="clear"
                color="danger"
                onClick={() =>
                  set(
                    'priceOptions',
                    form.priceOptions.filter((_, j) => j !== i),
                  )
                }
              >
                {t('form.remove')}
              </IonButton>
            </fieldset>
          ))}
          <IonButton
            fill="outline"
            onClick={() =>
              set('priceOptions', [
                ...form.priceOptions,
                {
                  name: '',
                  kind: form.priceOptions.some((p) => p.kind === 'price') ? 'option' : 'price',
                  amount: 0,
                  currency: 'EUR',
                  required: false,
                },
              ])
            }
          >
            {t('form.addPrice')}
          </IonButton>

          <IonListHeader>
            <h2>{t('form.contacts')}</h2>
          </IonListHeader>
          {form.contactPersons.map((c, i) => (
            <fieldset key={i} className="vh-manage-row" aria-label={t('form.contactN', { n: i + 1 })}>
              <IonInput
                label={t('form.contactName')}
                labelPlacement="stacked"
                value={c.name}
                onIonInput={(e) => setContact(i, { name: e.detail.value ?? '' })}
              />
              <IonInput
                label={t('form.email')}
                labelPlacement="stacked"
                type="email"
                value={c.email ?? ''}
                onIonInput={(e) => setContact(i, { email: e.detail.value || null })}
              />
              <IonInput
                label={t('form.phone')}
                labelPlacement="stacked"
                type="tel"
                value={c.phone ?? ''}
                onIonInput={(e) => setContact(i, { phone: e.detail.value || null })}
              />
              <IonButton
                fill="clear"
                color="danger"
                onClick={() =>
                  set(
                    'contactPersons',
                    form.contactPersons.filter((_, j) => j !== i),
                  )
                }
              >
                {t('form.remove')}
              </IonButton>
            </fieldset>
          ))}
          <IonButton
            fill="outline"
            onClick={() => set('contactPersons', [...form.contactPersons, { name: '' }])}
          >
            {t('form.addContact')}
          </IonButton>
        </div>

        {save.isError && <p role="alert">{save.error.message}</p>}
        {saved && <p role="status">{t('form.saved')}</p>}
        <IonButton
          type="submit"
          expand="block"
          disabled={save.isPending || !tenantId}
          data-testid="manage-event-save"
        >
          {t('form.save')}
        </IonButton>
      </form>

      {id && existing.data && (
        <section aria-labelledby="manage-docs">
          <h2 id="manage-docs">{t('form.documents')}</h2>
          <ul>
            {existing.data.documents.map((d) => (
              <li key={d.id}>
                {d.fileName}{' '}
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  onClick={() =>
                    void presentAlert({
                      header: t('form.removeDocument'),
                      message: t('form.removeDocumentConfirm', { name: d.fileName }),
                      buttons: [
                        { text: t('common.back'), role: 'cancel' },
                        {
                          text: t('form.remove'),
                          role: 'destructive',
                          handler: () => removeDoc.mutate(d.id),
                        },
                      ],
                    })
                  }
                >
                  {t('form.remove')}
                </IonButton>
              </li>
            ))}
          </ul>
          <label>
            {t('form.upload')}{' '}
            <input
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
          </label>
          <p>{t('form.uploadHint')}</p>
          {upload.isError && <p role="alert">{upload.error.message}</p>}
        </section>
      )}
    </AppPage>
  );
}
