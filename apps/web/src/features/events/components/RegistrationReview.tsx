import { IonButton } from '@ionic/react';
import { priceSelectionTotal, type EventDetail, type PriceOption } from '@vereinsheim/contracts/events';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/i18n/format.ts';

/**
 * The review step before the binding registration: the event, its date, the chosen options with their
 * amounts, the total, the free-cancellation deadline; then 'Verbindlich anmelden' or back to the choice.
 */
export function RegistrationReview({
  event,
  options,
  selected,
  showInParticipantList,
  pending,
  onConfirm,
  onBack,
}: {
  event: EventDetail;
  options: PriceOption[];
  selected: string[];
  showInParticipantList: boolean;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.resolvedLanguage;
  const chosen = options.filter((o) => selected.includes(o.id));
  const total = priceSelectionTotal(options, selected);
  const full = event.placesLeft === 0;
  return (
    <section className="vh-event-section vh-review" aria-labelledby="vh-review-title">
      <h2 id="vh-review-title">{t('review.title')}</h2>
      <dl className="vh-event-facts">
        <dt>{t('review.event')}</dt>
        <dd>{event.name}</dd>
        <dt>{t('details.date')}</dt>
        <dd>{formatDateTime(event.start, lang)}</dd>
        {chosen.length > 0 && (
          <>
            <dt>{t('review.options')}</dt>
            <dd>
              <ul className="vh-booked-options">
                {chosen.map((o) => (
                  <li key={o.id}>
                    <span>{o.name}</span>
                    <span className="vh-amount">{formatMoney(o.amount, o.currency, lang)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>{t('review.total')}</dt>
        <dd className="vh-amount">
          <strong>{total ? formatMoney(total.amount, total.currency, lang) : t('details.free')}</strong>
        </dd>
        <dt>{t('details.freeCancellation')}</dt>
        <dd>
          {event.freeCancellationDeadline
            ? formatDateTime(event.freeCancellationDeadline, lang)
            : t('review.noCancellationDeadline')}
        </dd>
        {event.showParticipants && (
          <>
            <dt>{t('participants.title')}</dt>
            <dd>{showInParticipantList ? t('review.listed') : t('review.notListed')}</dd>
          </>
        )}
      </dl>
      {full && <p>{t('review.waitingList')}</p>}
      {event.requiresApproval && <p>{t('details.requiresApproval')}</p>}
      <div className="vh-event-actions">
        <IonButton disabled={pending} onClick={onConfirm}>
          {pending ? t('registering') : full ? t('joinWaitingList') : t('register')}
        </IonButton>
        <IonButton fill="outline" disabled={pending} onClick={onBack}>
          {t('review.back')}
        </IonButton>
      </div>
    </section>
  );
}
