import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import type { EventDetail, EventRegistration } from '@vereinsheim/contracts/events';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/i18n/format.ts';

/** What the person booked: status, waiting position, the options with amounts, the total, the list consent. */
export function BookedRegistration({
  event,
  registration,
  consentPending,
  onConsentChange,
  summaryOnly = false,
}: {
  event: EventDetail;
  registration: EventRegistration;
  consentPending: boolean;
  onConsentChange: (show: boolean) => void;
  /** Just what was booked (the success message): no heading, no consent switch. */
  summaryOnly?: boolean;
}) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.resolvedLanguage;
  const r = registration;
  return (
    <div className="vh-booked" data-testid="booked-registration">
      {!summaryOnly && <h2>{t('booked.title')}</h2>}
      <p>
        <strong>{t(`progress.${r.eventProgressType}`)}</strong>
        {r.waitingPosition !== null && (
          <> – {t('details.waitingPosition', { position: r.waitingPosition })}</>
        )}
      </p>
      {r.bookedOptions.length > 0 && (
        <ul className="vh-booked-options" aria-label={t('review.options')}>
          {r.bookedOptions.map((o) => (
            <li key={o.id}>
              <span>{o.name}</span>
              <span className="vh-amount">{formatMoney(o.amount, o.currency, lang)}</span>
            </li>
          ))}
          {r.total && (
            <li className="vh-booked-total">
              <strong>{t('review.total')}</strong>
              <strong className="vh-amount">{formatMoney(r.total.amount, r.total.currency, lang)}</strong>
            </li>
          )}
        </ul>
      )}
      {event.showParticipants && !summaryOnly && (
        <IonCheckbox
          className="vh-consent"
          labelPlacement="end"
          justify="start"
          checked={r.showInParticipantList}
          disabled={consentPending}
          onIonChange={(e) => onConsentChange(e.detail.checked)}
        >
          {t('participants.consent')}
        </IonCheckbox>
      )}
    </div>
  );
}
