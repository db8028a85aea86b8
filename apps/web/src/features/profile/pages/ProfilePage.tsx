import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { IonChip } from '../../../shared/ui/ionic/chip.ts';
import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { formatDay } from '../../../shared/i18n/format.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useProfile } from '../api/get-profile.ts';
import { PROFILE_LIST, type PersonalItem } from '../api/item-kinds.ts';
import { describeItem } from '../components/fields.ts';
import { PersonForm } from '../components/PersonForm.tsx';
import '../components/profile.css';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';

/** Each kind of personal data and the sub-page that manages it. */
const GROUPS: { kind: PersonalItemKind; path: string }[] = [
  { kind: 'address', path: pathTo('profileAddress') },
  { kind: 'mail', path: pathTo('profileMail') },
  { kind: 'phone', path: pathTo('profilePhone') },
  { kind: 'bankaccount', path: pathTo('profileBankAccount') },
  { kind: 'confectioninformation', path: pathTo('profileConfection') },
  { kind: 'medicalinformation', path: pathTo('profileMiscellaneous') },
  { kind: 'additionalinformation', path: pathTo('profileMiscellaneous') },
];

/** Which club holds the item in which view: intern = contact, extern = members. */
function Holders({ item }: { item: PersonalItem }) {
  const { t } = useTranslation('profile');
  const holders = item.scopedSharingTenants.filter((c) => c.isDefault || c.isIntern || c.isExtern);
  if (holders.length === 0) return <p className="vh-muted">{t('sharing.nobody')}</p>;
  return (
    <div className="vh-holders">
      {holders.map((club) => {
        const views = [club.isIntern && t('sharing.intern'), club.isExtern && t('sharing.extern')].filter(
          Boolean,
        );
        return (
          <IonChip key={club.id} outline>
            <IonLabel>
              {club.name}: {views.length ? views.join(', ') : t('sharing.default')}
              {club.isLocked ? ` · ${t('sharing.lockedShort')}` : ''}
            </IonLabel>
          </IonChip>
        );
      })}
    </div>
  );
}

/** /profile: the person, every datum grouped by kind, and who holds it in which view. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const query = useProfile();
  const [editing, setEditing] = useState(false);
  const me = query.data;
  return (
    <AppPage title={t('title')}>
      <PullToRefresh onRefresh={() => query.refetch()} />
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : !me ? (
        <EmptyState message={t('profileLoadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="person-heading">
            <h2 id="person-heading">{t('person.title')}</h2>
            <p className="vh-help">{t('help.identity')}</p>
            {editing ? (
              <PersonForm person={me} onDone={() => setEditing(false)} />
            ) : (
              <IonList>
                <IonItem>
                  <IonLabel>
                    <h3>{[me.title, me.firstName, me.lastName].filter(Boolean).join(' ')}</h3>
                    <p>
                      {[
                        me.birthdate
                          ? t('person.bornOn', { date: formatDay(me.birthdate, i18n.resolvedLanguage) })
                          : null,
                        me.birthplace ? t('person.bornIn', { place: me.birthplace }) : null,
                        me.age != null ? t('person.age', { age: me.age }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ') || t('person.noBirthData')}
                    </p>
                    <p>{t(`genders.${me.gender}`)}</p>
                  </IonLabel>
                  <IonButton slot="end" fill="clear" onClick={() => setEditing(true)}>
                    {t('edit')}
                  </IonButton>
                </IonItem>
                <IonItem routerLink={pathTo('profileAvatar')} detail>
                  <IonLabel>{t('avatarTitle')}</IonLabel>
                </IonItem>
              </IonList>
            )}
          </section>
          {GROUPS.map(({ kind, path }) => {
            const items = (me[PROFILE_LIST[kind] as keyof typeof me] ?? []) as PersonalItem[];
            return (
              <section key={kind} aria-labelledby={`group-${kind}`}>
                <h2 id={`group-${kind}`}>{t(`${kind}.title`)}</h2>
                <p className="vh-help">{t(`${kind}.help`)}</p>
                <IonList>
                  {items.length === 0 && (
                    <IonItem>
                      <IonLabel className="vh-muted">{t(`${kind}.empty`)}</IonLabel>
                    </IonItem>
                  )}
                  {items.map((item) => (
                    <IonItem key={item.id} data-testid={`overview-${kind}`}>
                      <IonLabel className="ion-text-wrap">
                        <h3>{describeItem(kind, item, t)}</h3>
                        <Holders item={item} />
                      </IonLabel>
                    </IonItem>
                  ))}
                  <IonItem routerLink={path} detail>
                    <IonLabel>{t('manage')}</IonLabel>
                  </IonItem>
                </IonList>
              </section>
            );
          })}
          <section aria-labelledby="principles">
            <h2 id="principles">{t('help.title')}</h2>
            <ul className="vh-principles">
              <li>{t('help.identity')}</li>
              <li>{t('help.contact')}</li>
              <li>{t('help.organisers')}</li>
              <li>{t('help.recipients')}</li>
              <li>{t('help.control')}</li>
            </ul>
          </section>
        </>
      )}
    </AppPage>
  );
}
