import { useTranslation } from 'react-i18next';
import { AppPage } from './AppPage.tsx';
import { EmptyState } from './EmptyState.tsx';

/** A page whose feature comes later: its title and 'Diese Funktion ist in Vorbereitung.' */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <AppPage title={title}>
      <EmptyState message={t('comingSoon')} />
    </AppPage>
  );
}
