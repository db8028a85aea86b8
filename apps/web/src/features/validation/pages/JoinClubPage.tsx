import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { JoinableClub, MyValidationCase } from '@vereinsheim/contracts/validation';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import {
  problemText,
  useApply,
  useInvitation,
  useJoinableClubs,
  useMyCases,
  useResubmit,
} from '../api/validation.ts';
import { CORRECTION_PATH } from '../components/labels.ts';
import '../components/validation.css';
import { SearchField } from '../../../shared/ui/SearchField.tsx';

/** A pasted invitation link or a bare token → the token. */
function tokenOf(input: string): string {
  const trimmed = input.trim();
  try {
    return new URL(trimmed).searchParams.get('token') ?? trimmed;
  } catch {
    return trimmed;
  }
}

/** Joining a club (invitation link or the list of clubs accepting applications) and the person's own cases. */
export default function JoinClubPage() {
  const { t } = useTranslation('validation');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [chosen, setChosen] = useState<JoinableClub | null>(null);
  return (
    <AppPage title={t('join.title')}>
      <MyCases />
      {token ? (
        <InvitationForm token={token} onCancel={() => setParams({})} />
      ) : chosen ? (
        <ApplicationForm club={chosen} onCancel={() => setChosen(null)} />
      ) : (
        <ChooseClub onChoose={setChosen} onToken={(tk) => setParams({ token: tk })} />
      )}
    </AppPage>
  );
}

function MyCases() {
  const { t } = useTranslation('validation');
  const cases = useMyCases();
  if (!cases.data?.items.length) return null;
  return (
    <section aria-labelledby="my-cases">
      <h2 id="my-cases">{t('join.myCases')}</h2>
      <IonList>
        {cases.data.items.map((c) => (
          <MyCase key={c.id} c={c} />
        ))}
      </IonList>
    </section>
  );
}

function MyCase({ c }: { c: MyValidationCase }) {
  const { t } = useTranslation('validation');
  const [toast] = useIonToast();
  const resubmit = useResubmit();
  const corrections = c.decisions.filter((d) => d.decision === 'correction');
  return (
    <IonItem>
      <IonLabel className="ion-text-wrap">
        <h3>
          {c.tenantName} – {t(`reasons.${c.reason}`)}
        </h3>
        <p>
          <IonBadge className={`vh-validation-state vh-validation-state--${c.state}`}>
            {t(`mine.${c.state}`)}
          </IonBadge>
        </p>
        {c.state === 'corrections_requested' && (
          <>
            <p>{t('join.correctHint')}</p>
            <ul>
              {corrections.map((d) => {
                const path = CORRECTION_PATH[d.section];
                return (
                  <li key={d.section}>
                    <strong>{t(`sections.${d.section}`)}</strong>: {d.comment}{' '}
                    {path && (
                      <Link to={path}>{t('join.correctLink', { section: t(`sections.${d.section}`) })}</Link>
                    )}
                  </li>
                );
              })}
            </ul>
            <IonButton
              disabled={resubmit.isPending}
              onClick={() =>
                resubmit.mutate(
                  { id: c.id, version: c.version },
                  {
                    onSuccess: () => void toast({ message: t('join.resubmitted'), duration: 3000 }),
                    onError: (error) =>
                      void toast({
                        message: problemText(error, t('saveError')),
                        duration: 5000,
                        color: 'danger',
                      }),
                  },
                )
              }
            >
              {t('join.resubmit')}
            </IonButton>
          </>
        )}
      </IonLabel>
    </IonItem>
  );
}

function ChooseClub({
  onChoose,
  onToken,
}: {
  onChoose: (club: JoinableClub) => void;
  onToken: (token: string) => void;
}) {
  const { t } = useTranslation('validation');
  const [keyword, setKeyword] = useState('');
  const [link, setLink] = useState('');
  const clubs = useJoinableClubs(keyword);
  return (
    <>
      <section aria-labelledby="join-link">
        <h2 id="join-link">{t('join.byLink')}</h2>
        <p className="vh-help">{t('join.byLinkHelp')}</p>
        <IonInput
          label={t('join.linkLabel')}
          labelPlacement="stacked"
          fill="outline"
          value={link}
          onIonInput={(e) => setLink(String(e.detail.value ?? ''))}
        />
        <IonButton disabled={!link.trim()} onClick={() => onToken(tokenOf(link))}>
          {t('join.openLink')}
        </IonButton>
      </section>
      <section aria-labelledby="join-list">
        <h2 id="join-list">{t('join.byList')}</h2>
        <SearchField label={t('join.search')} value={keyword} onSearch={setKeyword} />
        {clubs.isPending ? (
          <IonSpinner aria-label={t('join.byList')} />
        ) : !clubs.data?.items.length ? (
          <EmptyState message={t('join.noClubs')} />
        ) : (
          <IonList>
            {clubs.data.items.map((club) => (
              <IonItem key={club.tenantId} button detail onClick={() => onChoose(club)}>
                <IonLabel>{club.name}</IonLabel>
              </IonItem>
            ))}
          </IonList>
        )}
      </section>
    </>
  );
}

function InvitationForm({ token, onCancel }: { token: string; onCancel: () => void }) {
  const { t } = useTranslation('validation');
  const invitation = useInvitation(token);
  if (invitation.isPending) return <IonSpinner aria-label={t('join.title')} />;
  if (!invitation.data)
    return (
      <EmptyState message={problemText(invitation.error, t('loadError'))}>
        <IonButton onClick={onCancel}>{t('join.chooseOther')}</IonButton>
      </EmptyState>
    );
  return <ApplicationForm club={invitation.data} token={token} onCancel={onCancel} />;
}

function ApplicationForm({
  club,
  token,
  onCancel,
}: {
  club: JoinableClub;
  token?: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('validation');
  const [accepted, setAccepted] = useState(false);
  const [message, setMessage] = useState('');
  const apply = useApply();
  if (apply.isSuccess)
    return (
      <p role="status" className="vh-help">
        {t('join.sent', { club: club.name })}
      </p>
    );
  return (
    <section aria-labelledby="application">
      <h2 id="application">{t('join.applyTo', { club: club.name })}</h2>
      <p className="vh-help">{t('join.dataHelp')}</p>
      <ul>
        <li>
          <Link to={CORRECTION_PATH.profile!}>{t('join.needsProfile')}</Link>
        </li>
        <li>
          <Link to={CORRECTION_PATH.address!}>{t('sections.address')}</Link>,{' '}
          <Link to={CORRECTION_PATH.mail!}>{t('sections.mail')}</Link>,{' '}
          <Link to={CORRECTION_PATH.phone!}>{t('sections.phone')}</Link>
        </li>
      </ul>
      <h3>{t('join.terms', { version: club.termsVersion })}</h3>
      <div className="vh-validation-terms" tabIndex={0}>
        {club.termsText}
      </div>
      <IonCheckbox checked={accepted} labelPlacement="end" onIonChange={(e) => setAccepted(e.detail.checked)}>
        <span className="ion-text-wrap">{t('join.accept', { version: club.termsVersion })}</span>
      </IonCheckbox>
      <IonTextarea
        label={t('join.message')}
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        value={message}
        onIonInput={(e) => setMessage(e.detail.value ?? '')}
      />
      {apply.isError && (
        <p role="alert" className="vh-error">
          {problemText(apply.error, t('saveError'))}
        </p>
      )}
      <div className="vh-validation-actions">
        <IonButton
          disabled={!accepted || apply.isPending}
          onClick={() =>
            apply.mutate({
              ...(token ? { invitationToken: token } : { tenantId: club.tenantId }),
              termsVersion: club.termsVersion,
              ...(message.trim() ? { message: message.trim() } : {}),
            })
          }
        >
          {t('join.send')}
        </IonButton>
        <IonButton fill="clear" onClick={onCancel}>
          {t('join.chooseOther')}
        </IonButton>
      </div>
    </section>
  );
}
