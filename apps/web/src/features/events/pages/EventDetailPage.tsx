import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import { IonBackButton } from '../../../shared/ui/ionic/back-button.ts';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { REDIRECTING_MESSAGE_MS } from '@vereinsheim/contracts/constants';
import { initialPriceSelection, type EventRegistration } from '@vereinsheim/contracts/events';
import {
  canShare,
  copyText,
  saveFile,
  shareContent,
  whatsappShareUrl,
} from '../../../shared/platform/share.ts';
import { pathTo } from '@vereinsheim/contracts/routes';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCancelRegistration } from '../api/cancel-registration.ts';
import { useEvent } from '../api/get-event.ts';
import { useEventContract } from '../api/get-event-contract.ts';
import { fetchEventIcs } from '../api/get-event-ical.ts';
import { useEventRegistration } from '../api/get-event-registration.ts';
import { hapticSuccess } from '../../../shared/platform/haptics.ts';
import { useRegisterForEvent } from '../api/register-for-event.ts';
import { useUpdateRegistration } from '../api/update-registration.ts';
import { BookedRegistration } from '../components/BookedRegistration.tsx';
import { ParticipantList } from '../components/ParticipantList.tsx';
import { RegistrationReview } from '../components/RegistrationReview.tsx';
import { EventContactPersons } from '../components/EventContactPersons.tsx';
import { EventDocuments } from '../components/EventDocuments.tsx';
import { EventStatusBadge } from '../components/EventStatusBadge.tsx';
import { formatDateTime, formatLongDate, formatMoney, formatTimeRange } from '../../../shared/i18n/format.ts';
import { formatPlace } from '../components/format.ts';
import { registrationOpensLater } from '../components/registration-window.ts';
import { PriceSelection, priceSelectionState, usePriceMessage } from '../components/PriceSelection.tsx';
import '../components/events.css';

/** /events/{id}: details, prices, registration and withdrawal, sharing, .ics, documents and contact persons. */
export default function EventDetailPage() {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.resolvedLanguage;
  const { id = '' } = useParams<{ id: string }>();
  const router = useIonRouter();
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const event = useEvent(id);
  const contract = useEventContract(id);
  const registration = useEventRegistration(id);
  const register = useRegisterForEvent(id);
  const cancel = useCancelRegistration(id);
  const priceMessage = usePriceMessage();
  const update = useUpdateRegistration(id);
  const [selected, setSelected] = useState<string[] | null>(null);
  const [consent, setConsent] = useState(false);
  const [step, setStep] = useState<'choose' | 'review'>('choose');
  const [registered, setRegistered] = useState<EventRegistration | null>(null);

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => router.push(pathTo('myRegistrations'), 'forward'), REDIRECTING_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [registered, router]);

  const toast = (message: string) => void presentToast({ message, duration: 2500, position: 'bottom' });

  if (registered) {
    return (
      <AppPage title={t('detailTitle')}>
        <div className="vh-event-success" role="status">
          <h2>{t('success.title')}</h2>
          {event.data && (
            <BookedRegistration
              event={event.data}
              registration={registered}
              consentPending
              onConsentChange={() => undefined}
              summaryOnly
            />
          )}
          <p>{t('success.message')}</p>
          <IonButton onClick={() => router.push(pathTo('myRegistrations'), 'forward')}>
            {t('success.toOverview')}
          </IonButton>
        </div>
      </AppPage>
    );
  }

  const back = <IonBackButton defaultHref="/events" text={t('back')} />;
  if (event.isPending) {
    return (
      <AppPage title={t('detailTitle')} actions={back}>
        <IonSpinner aria-label={t('loading')} />
      </AppPage>
    );
  }
  if (event.isError) {
    return (
      <AppPage title={t('detailTitle')} actions={back}>
        <EmptyState message={t('notFound')}>
          <IonButton onClick={() => void event.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      </AppPage>
    );
  }

  const e = event.data;
  const options = contract.data?.price.prices ?? [];
  // Until the person changes it: the required options (and a single base price) are chosen.
  const chosen = selected ?? initialPriceSelection(options);
  const state = priceSelectionState(options, chosen);
  const mine = registration.data ?? null;
  const active =
    mine !== null && mine.eventProgressType !== 'cancelled' && mine.eventProgressType !== 'invited';
  const opensLater = registrationOpensLater(e);
  const shareData = {
    title: e.name,
    text: t('share.text', { name: e.name, date: formatLongDate(e.start, lang) }),
    url: `${window.location.origin}/events/${e.id}`,
  };

  const onRegister = () =>
    register.mutate(
      { priceOptionIds: chosen, showInParticipantList: e.showParticipants && consent },
      {
        onSuccess: (registration) => {
          setRegistered(registration);
          void hapticSuccess();
        },
        onError: (error) => toast(t('registerFailed', { message: error.message })),
      },
    );

  const onConsentChange = (show: boolean) =>
    update.mutate(
      { showInParticipantList: show },
      {
        onSuccess: () => toast(show ? t('participants.nowListed') : t('participants.nowHidden')),
        onError: (error) => toast(t('participants.changeFailed', { message: error.message })),
      },
    );

  const onWithdraw = () =>
    void presentAlert({
      header: t('withdrawConfirmTitle'),
      message: mine?.freeCancellation === false ? t('withdrawConfirmNotFree') : t('withdrawConfirmFree'),
      buttons: [
        { text: t('withdrawCancel'), role: 'cancel' },
        {
          text: t('withdrawConfirm'),
          role: 'destructive',
          handler: () =>
            cancel.mutate(undefined, {
              onSuccess: () => toast(t('withdrawn')),
              onError: (error) => toast(t('withdrawFailed', { message: error.message })),
            }),
        },
      ],
    });

  const onIcs = async () => {
    try {
      saveFile(await fetchEventIcs(e.id), `${e.name.replace(/[^\p{L}\p{N}]+/gu, '-')}.ics`);
    } catch {
      toast(t('icsFailed'));
    }
  };

  return (
    <AppPage title={e.name} actions={back}>
      <p>
        <EventStatusBadge status={e.status} />
      </p>
      {e.description && <p>{e.description}</p>}
      <dl className="vh-event-facts">
        <dt>{t('details.date')}</dt>
        <dd>{formatLongDate(e.start, lang)}</dd>
        <dt>{t('details.time')}</dt>
        <dd>{formatTimeRange(e.start, e.end, lang)}</dd>
        <dt>{t('details.place')}</dt>
        <dd>{formatPlace(e.place) || '–'}</dd>
        <dt>{t('details.organiser')}</dt>
        <dd>{e.organiser ?? e.tenantName}</dd>
        <dt>{t('details.club')}</dt>
        <dd>{e.tenantName}</dd>
        <dt>{t('details.fee')}</dt>
        <dd>{e.fee ? formatMoney(e.fee.amount, e.fee.currency, lang) : t('details.free')}</dd>
        {e.registrationStart && (
          <>
            <dt>{t('details.registrationStart')}</dt>
            <dd>{formatDateTime(e.registrationStart, lang)}</dd>
          </>
        )}
        {e.registrationDeadline && (
          <>
            <dt>{t('details.deadline')}</dt>
            <dd>{formatDateTime(e.registrationDeadline, lang)}</dd>
          </>
        )}
        {e.freeCancellationDeadline && (
          <>
            <dt>{t('details.freeCancellation')}</dt>
            <dd>{formatDateTime(e.freeCancellationDeadline, lang)}</dd>
          </>
        )}
        <dt>{t('details.placesLeft')}</dt>
        <dd>
          {e.maxParticipants === null
            ? t('details.unlimited')
            : t('details.placesLeftValue', { left: e.placesLeft, max: e.maxParticipants })}
        </dd>
        {e.maxWaiting > 0 && (
          <>
            <dt>{t('details.waitingList')}</dt>
            <dd>{t('details.waitingListValue', { waiting: e.waitingCount, count: e.waitingPlacesLeft })}</dd>
          </>
        )}
        {e.disciplines.length > 0 && (
          <>
            <dt>{t('details.disciplines')}</dt>
            <dd>{e.disciplines.map((d) => d.name).join(', ')}</dd>
          </>
        )}
        {e.divisions.length > 0 && (
          <>
            <dt>{t('details.divisions')}</dt>
            <dd>{e.divisions.map((d) => d.name).join(', ')}</dd>
          </>
        )}
        <dt>{t('registrationLabel')}</dt>
        <dd>
          {e.registrationOpen
            ? t('registrationState.open')
            : opensLater
              ? t('registrationState.opensAt', { date: formatDateTime(opensLater, lang) })
              : t('registrationState.closed')}
        </dd>
      </dl>
      {e.requiresApproval && <p>{t('details.requiresApproval')}</p>}

      <section className="vh-event-section" aria-live="polite">
        {registration.isPending ? (
          <IonSpinner aria-label={t('loading')} />
        ) : active && mine ? (
          <>
            <BookedRegistration
              event={e}
              registration={mine}
              consentPending={update.isPending}
              onConsentChange={onConsentChange}
            />
            <IonButton color="danger" fill="outline" disabled={cancel.isPending} onClick={onWithdraw}>
              {t('withdraw')}
            </IonButton>
          </>
        ) : e.registrationOpen && step === 'review' ? (
          <RegistrationReview
            event={e}
            options={options}
            selected={chosen}
            showInParticipantList={consent}
            pending={register.isPending}
            onConfirm={onRegister}
            onBack={() => setStep('choose')}
          />
        ) : e.registrationOpen ? (
          <>
            {contract.isPending ? (
              <IonSpinner aria-label={t('loading')} />
            ) : (
              <PriceSelection options={options} selected={chosen} onChange={setSelected} />
            )}
            {e.showParticipants && (
              <IonCheckbox
                className="vh-consent"
                labelPlacement="end"
                justify="start"
                checked={consent}
                onIonChange={(ev) => setConsent(ev.detail.checked)}
              >
                {t('participants.consent')}
              </IonCheckbox>
            )}
            <IonButton
              disabled={contract.isPending || (state !== 'complete' && state !== 'noPrices')}
              onClick={() => setStep('review')}
              title={priceMessage(state)}
            >
              {t('review.next')}
            </IonButton>
          </>
        ) : opensLater ? (
          <p>{t('registrationOpensAt', { date: formatDateTime(opensLater, lang) })}</p>
        ) : (
          <p>{t('registrationClosed')}</p>
        )}
      </section>

      <div className="vh-event-actions">
        {canShare() && (
          <IonButton fill="outline" onClick={() => void shareContent(shareData)}>
            {t('share.device')}
          </IonButton>
        )}
        <IonButton
          fill="outline"
          href={whatsappShareUrl(shareData)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('share.whatsapp')}
        </IonButton>
        <IonButton
          fill="outline"
          onClick={() =>
            void copyText(shareData.url).then((ok) => toast(ok ? t('share.copied') : t('share.copyFailed')))
          }
        >
          {t('share.copy')}
        </IonButton>
        <IonButton fill="outline" onClick={() => void onIcs()}>
          {t('addToCalendar')}
        </IonButton>
      </div>

      <ParticipantList eventId={e.id} enabled={e.showParticipants} />
      <EventDocuments tenantId={e.tenantId} eventId={e.id} />
      <EventContactPersons tenantId={e.tenantId} eventId={e.id} />
    </AppPage>
  );
}
