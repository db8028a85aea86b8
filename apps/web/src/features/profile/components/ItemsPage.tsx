import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { ItemsSection } from './ItemsSection.tsx';
import './profile.css';
import { profileKeys } from '../api/keys.ts';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';

/** A profile sub-page with one or more kinds of personal data and pull-to-refresh. */
export function ItemsPage({ title, kinds }: { title: string; kinds: PersonalItemKind[] }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  return (
    <AppPage title={t(title)}>
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: profileKeys.all })} />
      {kinds.map((kind) => (
        <ItemsSection key={kind} kind={kind} />
      ))}
    </AppPage>
  );
}
