import { IonBadge, IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonBackButton } from '../../../shared/ui/ionic/back-button.ts';
import { IonChip } from '../../../shared/ui/ionic/chip.ts';
import { IonProgressBar } from '../../../shared/ui/ionic/progress-bar.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { pathTo, VALIDATION_SECTIONS, type ValidationSection } from '@vereinsheim/contracts/routes';
import type { SectionDecisionKind, ValidationCase } from '@vereinsheim/contracts/validation';
import { formatDay } from '../../../shared/i18n/format.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { problemText, useCloseCase, useDecideSection, useValidationCase } from '../api/validation.ts';
import { itemLine } from '../components/labels.ts';
import '../components/validation.css';

const sectionPath = (id: string, section: ValidationSection | null) =>
  section ? `${pathTo('validationProcess', { id })}/${section}` : pathTo('validationProcess', { id });

function sectionOf(pathname: string): ValidationSection | null {
  const last = pathname.split('/').pop() as ValidationSection;
  return VALIDATION_SECTIONS.includes(last) ? last : null;
}

/** One validation case: a page per section (data read-only, approve or request a correction), and a summary. */
export default function ValidationProcessPage() {
  const { t } = useTranslation('validation');
  const { id = '' } = useParams<{ id: string }>();
  // Each path pattern is its own route (and page instance, kept while hidden): its section is fixed at mount.
  const pathname = useLocation().pathname;
  const [section] = useState(() => sectionOf(pathname));
  const query = useValidationCase(id);
  return (
    <AppPage
      title={t('processTitle')}
      actions={<IonBackButton defaultHref={pathTo('validationList')} text={t('back')} />}
    >
      <QueryStates
        query={query}
        texts={{ loading: t('processTitle'), loadError: t('loadError'), retry: t('retry'), empty: '' }}
        isEmpty={() => false}
      >
        {(c) => <CaseView c={c} section={section} />}
      </QueryStates>
    </AppPage>
  );
}

function CaseView({ c, section }: { c: ValidationCase; section: ValidationSection | null }) {
  const { t, i18n } = useTranslation('validation');
  const decisionOf = (s: ValidationSection) => c.decisions.find((d) => d.section === s);
  return (
    <>
      <h2>{c.personName}</h2>
      <p>
        {t(`reasons.${c.reason}`)} · {c.tenantName} ·{' '}
        {formatDay(c.createdAt.slice(0, 10), i18n.resolvedLanguage)}{' '}
        <IonBadge className={`vh-validation-state vh-validation-state--${c.state}`}>
          {t(`states.${c.state}`)}
        </IonBadge>
      </p>
      <p className="vh-validation-progress" id="validation-progress">
        {t('progress', { done: c.decidedSections, total: VALIDATION_SECTIONS.length })}
      </p>
      <IonProgressBar
        value={c.decidedSections / VALIDATION_SECTIONS.length}
        aria-labelledby="validation-progress"
      />
      <nav aria-label={t('sectionsNav')}>
        <ul className="vh-validation-sections">
          {VALIDATION_SECTIONS.map((s) => {
            const d = decisionOf(s);
            return (
              <li key={s}>
                <Link to={sectionPath(c.id, s)} aria-current={s === section ? 'page' : undefined}>
                  <IonChip
                    outline={s !== section}
                    color={
                      d?.decision === 'approved'
                        ? 'success'
                        : d?.decision === 'correction'
                          ? 'warning'
                          : undefined
                    }
                  >
                    {t(`sections.${s}`)}
                    {d ? ` – ${t(`decisions.${d.decision}`)}` : ''}
                  </IonChip>
                </Link>
              </li>
            );
          })}
          <li>
            <Link to={sectionPath(c.id, null)} aria-current={section === null ? 'page' : undefined}>
              <IonChip outline={section !== null}>{t('summary')}</IonChip>
            </Link>
          </li>
        </ul>
      </nav>
      {section ? <SectionPage key={section} c={c} section={section} /> : <Summary c={c} />}
    </>
  );
}

function SectionData({ c, section }: { c: ValidationCase; section: ValidationSection }) {
  const { t, i18n } = useTranslation('validation');
  const lines = (items: Record<string, string | number | boolean | null>[]) =>
    items.length ? (
      <IonList>
        {items.map((item, i) => (
          <IonItem key={i}>
            <IonLabel className="ion-text-wrap">{itemLine(item)}</IonLabel>
          </IonItem>
        ))}
      </IonList>
    ) : (
      <p>{t('nothingShared')}</p>
    );
  switch (section) {
    case 'info':
      return (
        <dl>
          <dt>{t('fields.reason')}</dt>
          <dd>{t(`reasons.${c.reason}`)}</dd>
          <dt>{t('fields.club')}</dt>
          <dd>{c.tenantName}</dd>
          <dt>{t('fields.opened')}</dt>
          <dd>{formatDay(c.createdAt.slice(0, 10), i18n.resolvedLanguage)}</dd>
        </dl>
      );
    case 'profile': {
      const p = c.data.profile;
      return (
        <dl>
          <dt>{t('fields.name')}</dt>
          <dd>{[p.title, p.firstName, p.lastName].filter(Boolean).join(' ')}</dd>
          <dt>{t('fields.birthdate')}</dt>
          <dd>{formatDay(p.birthdate, i18n.resolvedLanguage) || t('missing')}</dd>
          <dt>{t('fields.birthplace')}</dt>
          <dd>{p.birthplace || t('missing')}</dd>
        </dl>
      );
    }
    case 'agb':
      return c.data.agb.termsVersion ? (
        <>
          <p>
            {t('termsAccepted', {
              version: c.data.agb.termsVersion,
              date: formatDay(c.data.agb.acceptedAt?.slice(0, 10), i18n.resolvedLanguage),
            })}
          </p>
          <div className="vh-validation-terms">{c.data.agb.termsText}</div>
        </>
      ) : (
        <p>{t('noTerms')}</p>
      );
    case 'clubs':
      return (
        <dl>
          <dt>{t('fields.roles')}</dt>
          <dd>{c.data.clubs.roles.join(', ') || t('none')}</dd>
          <dt>{t('fields.requestedRoles')}</dt>
          <dd>{c.data.clubs.requestedRoles.join(', ') || t('none')}</dd>
          {c.data.clubs.message && (
            <>
              <dt>{t('fields.message')}</dt>
              <dd>{c.data.clubs.message}</dd>
            </>
          )}
        </dl>
      );
    case 'address':
    case 'mail':
    case 'phone':
    case 'confectioninformation':
    case 'bank':
    case 'miscellaneous':
      return lines(c.data[section]);
  }
}

function SectionPage({ c, section }: { c: ValidationCase; section: ValidationSection }) {
  const { t } = useTranslation('validation');
  const navigate = useNavigate();
  const [toast] = useIonToast();
  const current = c.decisions.find((d) => d.section === section);
  const [comment, setComment] = useState(current?.comment ?? '');
  const decide = useDecideSection(c.id);
  const open = c.state !== 'approved' && c.state !== 'corrections_requested';
  const next = VALIDATION_SECTIONS[VALIDATION_SECTIONS.indexOf(section) + 1] ?? null;
  const submit = (decision: SectionDecisionKind) =>
    decide.mutate(
      { section, decision, comment, version: c.version },
      {
        onSuccess: () => navigate(sectionPath(c.id, next)),
        onError: (error) =>
          void toast({ message: problemText(error, t('saveError')), duration: 5000, color: 'danger' }),
      },
    );
  return (
    <section aria-labelledby={`section-heading-${section}`}>
      <h3 id={`section-heading-${section}`}>{t(`sections.${section}`)}</h3>
      <p className="vh-help">{t('dataHelp')}</p>
      <SectionData c={c} section={section} />
      {current && (
        <p role="status">
          {t('currentDecision', { decision: t(`decisions.${current.decision}`) })}
          {current.comment ? ` – ${current.comment}` : ''}
        </p>
      )}
      {open ? (
        <>
          <IonTextarea
            label={t('comment')}
            labelPlacement="stacked"
            fill="outline"
            autoGrow
            value={comment}
            onIonInput={(e) => setComment(e.detail.value ?? '')}
          />
          <div className="vh-validation-actions">
            <IonButton disabled={decide.isPending} onClick={() => submit('approved')}>
              {t('approve')}
            </IonButton>
            <IonButton
              color="warning"
              disabled={decide.isPending || !comment.trim()}
              onClick={() => submit('correction')}
            >
              {t('requestCorrection')}
            </IonButton>
          </div>
          {!comment.trim() && <p className="vh-help">{t('commentHint')}</p>}
        </>
      ) : (
        <p>{c.state === 'approved' ? t('closedHint') : t('awaitingHint')}</p>
      )}
    </section>
  );
}

function Summary({ c }: { c: ValidationCase }) {
  const { t } = useTranslation('validation');
  const [toast] = useIonToast();
  const close = useCloseCase(c.id);
  const corrections = c.decisions.filter((d) => d.decision === 'correction');
  const complete = c.decidedSections === VALIDATION_SECTIONS.length;
  return (
    <section aria-labelledby="summary-heading">
      <h3 id="summary-heading">{t('summary')}</h3>
      <IonList>
        {VALIDATION_SECTIONS.map((s) => {
          const d = c.decisions.find((x) => x.section === s);
          return (
            <IonItem key={s} routerLink={sectionPath(c.id, s)} detail>
              <IonLabel className="ion-text-wrap">
                <h4>{t(`sections.${s}`)}</h4>
                <p>
                  {d ? t(`decisions.${d.decision}`) : t('undecided')}
                  {d?.comment ? ` – ${d.comment}` : ''}
                </p>
              </IonLabel>
            </IonItem>
          );
        })}
      </IonList>
      {c.state === 'in_review' && (
        <>
          <p>
            {!complete
              ? t('closeIncomplete')
              : corrections.length
                ? t('closeWithCorrections', { count: corrections.length })
                : c.reason === 'application'
                  ? t('closeApproveApplication')
                  : t('closeApprove')}
          </p>
          <IonButton
            disabled={!complete || close.isPending}
            onClick={() =>
              close.mutate(c.version, {
                onError: (error) =>
                  void toast({
                    message: problemText(error, t('saveError')),
                    duration: 5000,
                    color: 'danger',
                  }),
              })
            }
          >
            {corrections.length ? t('sendCorrections') : t('closeApproved')}
          </IonButton>
        </>
      )}
      {c.state === 'approved' && <p role="status">{t('closedHint')}</p>}
      {c.state === 'corrections_requested' && <p role="status">{t('awaitingHint')}</p>}
    </section>
  );
}
