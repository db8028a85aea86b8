import { IonButton } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import type { ClubSettings, ClubSettingsInput } from '@vereinsheim/contracts/club-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api/client.ts';
import { FieldErrorLine, SERVER_ERROR } from '../../../shared/forms/field-error.tsx';
import { IbanCheck } from '../../../shared/forms/IbanCheck.tsx';
import { formatIban } from '../../../shared/i18n/format.ts';
import { useManagedClub } from '../../../shared/tenant-selection/index.ts';
import { ManagedClubSelect } from '../../../shared/tenant-selection/ManagedClubSelect.tsx';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useClubSettings, useSaveClubSettings } from '../api/club-invoices.ts';
import '../components/manage-invoices.css';
import '../../../shared/ui/manage.css';

const ROLES = ['committee', 'admin'] as const;
const FIELDS = [
  'street',
  'city',
  'taxNumber',
  'vatId',
  'bankAccountOwner',
  'bankIban',
  'bankBic',
  'bankName',
] as const satisfies readonly (keyof ClubSettingsInput)[];
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The stored values; the IBAN in groups of four, as on the invoice and in a banking app (the server takes both). */
const valuesOf = (s: ClubSettings | undefined): Values => {
  const values = Object.fromEntries(FIELDS.map((f) => [f, s?.[f] ?? ''])) as Values;
  return { ...values, bankIban: formatIban(values.bankIban) };
};

/**
 * /manage/club: the club's invoice data (committee, admins): address and Steuernummer / USt-IdNr. for
 * § 14 UStG, the bank account for the GiroCode. The server checks the IBAN and fills BIC and bank.
 */
export default function ClubSettingsPage() {
  const { t } = useTranslation('manageInvoices');
  const { clubs, club, setClub, isPending } = useManagedClub(ROLES);
  const settings = useClubSettings(club?.id);

  if (!isPending && !club)
    return (
      <AppPage title={t('settings.title')}>
        <p>{t('noClub')}</p>
      </AppPage>
    );

  const data = settings.data;
  return (
    <AppPage title={t('settings.title')}>
      <ManagedClubSelect label={t('club')} clubs={clubs} club={club} onChange={setClub} />
      <p>{t('settings.intro')}</p>
      {data && (
        <p
          role="status"
          className={data.girocode && data.invoiceDataComplete ? undefined : 'vh-settings-hint'}
        >
          {data.girocode ? t('settings.girocodeOn') : t('settings.girocodeOff')}
          {data.invoiceDataComplete ? '' : ` ${t('settings.incomplete')}`}
        </p>
      )}
      {club && data && (
        // A new form (fresh state) for each club and each saved version.
        <SettingsForm key={`${club.id}:${settings.dataUpdatedAt}`} tenantId={club.id} settings={data} />
      )}
    </AppPage>
  );
}

function SettingsForm({ tenantId, settings }: { tenantId: string; settings: ClubSettings }) {
  const { t } = useTranslation('manageInvoices');
  const save = useSaveClubSettings(tenantId);
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [presentToast] = useIonToast();

  const submit = () => {
    setErrors({});
    save.mutate(values, {
      onSuccess: () => void presentToast({ message: t('settings.saved'), duration: 3000, color: 'success' }),
      onError: (e) => {
        const named: Partial<Record<Field, string>> = {};
        if (isApiError(e))
          for (const err of e.problem?.errors ?? [])
            if ((FIELDS as readonly string[]).includes(err.field)) named[err.field as Field] = err.message;
        setErrors(named);
        if (Object.keys(named).length === 0)
          void presentToast({
            message: (isApiError(e) && e.problem?.detail) || t('failed'),
            duration: 5000,
            color: 'danger',
          });
      },
    });
  };

  const field = (name: Field, extra: { autocomplete?: 'street-address' | 'address-level2' | 'off' } = {}) => (
    <div key={name}>
      <IonInput
        label={t(`settings.fields.${name}`)}
        labelPlacement="stacked"
        value={values[name]}
        autocomplete={extra.autocomplete ?? 'off'}
        helperText={t(`settings.help.${name}`, { defaultValue: '' }) || undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `club-settings-${name}-error` : undefined}
        onIonInput={(e) => setValues((v) => ({ ...v, [name]: String(e.detail.value ?? '') }))}
      />
      <FieldErrorLine
        id={`club-settings-${name}-error`}
        error={errors[name] ? { type: SERVER_ERROR, message: errors[name] } : undefined}
      />
      {name === 'bankIban' && (
        // Checked as it is typed, as in the member's own bank account form; BIC and bank where still empty.
        <IbanCheck
          iban={values.bankIban}
          onBank={({ bic, bankName }) =>
            setValues((v) => ({
              ...v,
              bankBic: v.bankBic || (bic ?? ''),
              bankName: v.bankName || (bankName ?? ''),
            }))
          }
        />
      )}
    </div>
  );

  return (
    <form
      className="vh-manage-fields"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="vh-manage-lines">
        <legend>{t('settings.issuer')}</legend>
        {field('street', { autocomplete: 'street-address' })}
        {field('city', { autocomplete: 'address-level2' })}
        {field('taxNumber')}
        {field('vatId')}
      </fieldset>
      <fieldset className="vh-manage-lines">
        <legend>{t('settings.bank')}</legend>
        {field('bankAccountOwner')}
        {field('bankIban')}
        {field('bankBic')}
        {field('bankName')}
      </fieldset>
      <div className="vh-manage-actions">
        <IonButton type="submit" disabled={save.isPending}>
          {t('settings.save')}
        </IonButton>
        <Link to="/manage/invoices">{t('settings.toInvoices')}</Link>
      </div>
    </form>
  );
}
