import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonItem,
  IonLabel,
  IonList,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { IonModal } from '../../../shared/ui/ionic/modal.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSegment, IonSegmentButton } from '../../../shared/ui/ionic/segment.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonText } from '../../../shared/ui/ionic/text.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@vereinsheim/contracts/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { formatFieldDate, formatMoney } from '../../../shared/i18n/format.ts';
import { useIssueInvoices, useRecipientSearch, useTeamsForFeeRun } from '../api/club-invoices.ts';
import { SearchField } from '../../../shared/ui/SearchField.tsx';

interface Line {
  description: string;
  quantity: string;
  price: string;
  vat: string;
  /** Why a 0 % line has no VAT (§ 14 Abs. 4 UStG), e.g. 'Nicht steuerbarer Mitgliedsbeitrag'. */
  reason: string;
}
const emptyLine = (): Line => ({ description: '', quantity: '1', price: '', vat: '0', reason: '' });
const zeroRate = (vat: string) => Number(vat.replace(',', '.')) === 0;
/** "12,50" or "12.50" → 1250 cents; NaN when it is not a number. */
const cents = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

/**
 * Issue invoices: to chosen members, or to every member of a role or of a team (a fee run), with line items, VAT
 * and due date.
 */
export function IssueInvoiceForm(props: { tenantId: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('manageInvoices');
  const lng = i18n.resolvedLanguage;
  const issue = useIssueInvoices(props.tenantId);
  const [mode, setMode] = useState<'members' | 'role' | 'team'>('members');
  const teams = useTeamsForFeeRun();
  const clubTeams = teams.data?.items.filter((team) => team.tenantId === props.tenantId) ?? [];
  const [teamId, setTeamId] = useState('');
  const [search, setSearch] = useState('');
  const found = useRecipientSearch(props.tenantId, search);
  const [recipients, setRecipients] = useState<{ id: string; name: string }[]>([]);
  const [role, setRole] = useState<MembershipRole>('member');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [serviceFrom, setServiceFrom] = useState('');
  const [serviceTill, setServiceTill] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [presentToast] = useIonToast();

  const parsed = lines.map((l) => ({
    description: l.description.trim(),
    quantity: Number(l.quantity),
    unitPriceCents: cents(l.price),
    vatRatePercent: Number(l.vat.replace(',', '.')),
    ...(zeroRate(l.vat) ? { vatExemptionReason: l.reason.trim() } : {}),
  }));
  const valid =
    title.trim() !== '' &&
    dueDate !== '' &&
    (mode === 'role' || (mode === 'team' ? teamId !== '' : recipients.length > 0)) &&
    parsed.every(
      (l) =>
        l.description &&
        Number.isInteger(l.quantity) &&
        l.quantity > 0 &&
        l.unitPriceCents >= 0 &&
        l.vatRatePercent >= 0 &&
        (l.vatRatePercent > 0 || Boolean(l.vatExemptionReason)),
    ) &&
    (!serviceTill || (serviceFrom !== '' && serviceFrom <= serviceTill));
  const total = parsed.reduce(
    (sum, l) =>
      sum +
      (Number.isFinite(l.unitPriceCents) ? l.quantity * l.unitPriceCents * (1 + l.vatRatePercent / 100) : 0),
    0,
  );

  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((current) => current.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const close = () => {
    setRecipients([]);
    setSearch('');
    setTitle('');
    setDueDate('');
    setServiceFrom('');
    setServiceTill('');
    setLines([emptyLine()]);
    issue.reset();
    props.onClose();
  };

  const submit = () =>
    issue.mutate(
      {
        ...(mode === 'role'
          ? { role }
          : mode === 'team'
            ? { teamId }
            : { personIds: recipients.map((r) => r.id) }),
        title: title.trim(),
        dueDate,
        ...(serviceFrom ? { serviceDateFrom: serviceFrom } : {}),
        ...(serviceTill ? { serviceDateTill: serviceTill } : {}),
        lines: parsed,
      },
      {
        onSuccess: (result) => {
          const done = t('issue.done', { count: result.issued.length });
          void presentToast({
            message: result.girocode ? done : `${done} ${t('issue.doneWithoutGirocode')}`,
            duration: result.girocode ? 4000 : 8000,
            color: result.girocode ? 'success' : 'warning',
          });
          close();
        },
      },
    );

  const error = issue.error && ((isApiError(issue.error) && issue.error.problem?.detail) || t('failed'));
  const searchError =
    found.error && ((isApiError(found.error) && found.error.problem?.detail) || t('failed'));

  return (
    <IonModal isOpen={props.open} onDidDismiss={close}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{t('issue.title')}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={close}>{t('close')}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <form
          className="vh-manage-fields"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) submit();
          }}
        >
          <IonSegment
            value={mode}
            onIonChange={(e) =>
              setMode(e.detail.value === 'role' || e.detail.value === 'team' ? e.detail.value : 'members')
            }
          >
            <IonSegmentButton value="members">
              <IonLabel>{t('issue.toMembers')}</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="role">
              <IonLabel>{t('issue.feeRun')}</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="team">
              <IonLabel>{t('issue.teamRun')}</IonLabel>
            </IonSegmentButton>
          </IonSegment>
          {mode === 'members' ? (
            <>
              <SearchField label={t('issue.searchMember')} value={search} onSearch={setSearch} />
              {searchError && (
                <IonText color="danger">
                  <p>{searchError}</p>
                </IonText>
              )}
              <IonList aria-label={t('issue.found')}>
                {found.data?.items
                  .filter((m) => !recipients.some((r) => r.id === m.personId))
                  .map((m) => (
                    <IonItem
                      key={m.personId}
                      button
                      onClick={() =>
                        setRecipients((rs) => [
                          ...rs,
                          { id: m.personId, name: `${m.firstName} ${m.lastName}` },
                        ])
                      }
                    >
                      <IonLabel>
                        {m.firstName} {m.lastName}
                      </IonLabel>
                    </IonItem>
                  ))}
              </IonList>
              <p>{t('issue.recipients', { count: recipients.length })}</p>
              <div className="vh-manage-actions">
                {recipients.map((r) => (
                  <IonButton
                    key={r.id}
                    size="small"
                    fill="outline"
                    aria-label={t('issue.removeRecipient', { name: r.name })}
                    onClick={() => setRecipients((rs) => rs.filter((x) => x.id !== r.id))}
                  >
                    {r.name} ✕
                  </IonButton>
                ))}
              </div>
            </>
          ) : mode === 'team' ? (
            clubTeams.length === 0 ? (
              <p>{t('issue.noTeams')}</p>
            ) : (
              <IonSelect
                label={t('issue.team')}
                value={teamId}
                placeholder={t('issue.chooseTeam')}
                onIonChange={(e) => setTeamId(String(e.detail.value ?? ''))}
              >
                {clubTeams.map((team) => (
                  <IonSelectOption key={team.id} value={team.id}>
                    {team.name}
                  </IonSelectOption>
                ))}
              </IonSelect>
            )
          ) : (
            <IonSelect
              label={t('issue.role')}
              value={role}
              onIonChange={(e) => setRole(e.detail.value as MembershipRole)}
            >
              {MEMBERSHIP_ROLES.map((r) => (
                <IonSelectOption key={r} value={r}>
                  {t(`role.${r}`)}
                </IonSelectOption>
              ))}
            </IonSelect>
          )}
          <IonInput
            label={t('issue.invoiceTitle')}
            labelPlacement="stacked"
            value={title}
            onIonInput={(e) => setTitle(String(e.detail.value ?? ''))}
          />
          <IonInput
            type="date"
            label={t('issue.dueDate')}
            labelPlacement="stacked"
            value={dueDate}
            helperText={formatFieldDate(dueDate, lng) || undefined}
            onIonInput={(e) => setDueDate(String(e.detail.value ?? ''))}
          />
          <IonInput
            type="date"
            label={t('issue.serviceFrom')}
            labelPlacement="stacked"
            helperText={[formatFieldDate(serviceFrom, lng), t('issue.serviceFromHelp')]
              .filter(Boolean)
              .join(' · ')}
            value={serviceFrom}
            onIonInput={(e) => setServiceFrom(String(e.detail.value ?? ''))}
          />
          <IonInput
            type="date"
            label={t('issue.serviceTill')}
            labelPlacement="stacked"
            value={serviceTill}
            helperText={formatFieldDate(serviceTill, lng) || undefined}
            onIonInput={(e) => setServiceTill(String(e.detail.value ?? ''))}
          />
          <fieldset className="vh-manage-lines">
            <legend>{t('issue.lines')}</legend>
            {lines.map((l, i) => (
              <div key={i} className="vh-manage-line">
                <IonInput
                  label={t('issue.description')}
                  labelPlacement="stacked"
                  value={l.description}
                  onIonInput={(e) => setLine(i, { description: String(e.detail.value ?? '') })}
                />
                <IonInput
                  label={t('issue.quantity')}
                  labelPlacement="stacked"
                  inputmode="numeric"
                  value={l.quantity}
                  onIonInput={(e) => setLine(i, { quantity: String(e.detail.value ?? '') })}
                />
                <IonInput
                  label={t('issue.price')}
                  labelPlacement="stacked"
                  inputmode="decimal"
                  value={l.price}
                  onIonInput={(e) => setLine(i, { price: String(e.detail.value ?? '') })}
                />
                <IonInput
                  label={t('issue.vat')}
                  labelPlacement="stacked"
                  inputmode="decimal"
                  value={l.vat}
                  onIonInput={(e) => setLine(i, { vat: String(e.detail.value ?? '') })}
                />
                {zeroRate(l.vat) && (
                  <IonInput
                    label={t('issue.vatExemptionReason')}
                    labelPlacement="stacked"
                    helperText={t('issue.vatExemptionReasonHelp')}
                    value={l.reason}
                    onIonInput={(e) => setLine(i, { reason: String(e.detail.value ?? '') })}
                  />
                )}
                {lines.length > 1 && (
                  <IonButton
                    fill="clear"
                    color="danger"
                    onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                  >
                    {t('issue.removeLine')}
                  </IonButton>
                )}
              </div>
            ))}
            <IonButton fill="outline" size="small" onClick={() => setLines((ls) => [...ls, emptyLine()])}>
              {t('issue.addLine')}
            </IonButton>
          </fieldset>
          <p>{t('issue.total', { amount: formatMoney(Math.round(total) / 100, 'EUR', lng) })}</p>
          {error && (
            <IonText color="danger">
              <p role="alert">{error}</p>
            </IonText>
          )}
          <IonButton type="submit" disabled={!valid || issue.isPending}>
            {t('issue.submit')}
          </IonButton>
        </form>
      </IonContent>
    </IonModal>
  );
}
