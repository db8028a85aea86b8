import { pathTo } from '@vereinsheim/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPage } from '../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';

/** Any path that is not a route of spec §2. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <AppPage title={t('notFound.title')}>
      <EmptyState message={t('notFound.message')}>
        <Link to={pathTo('dashboard')}>{t('error.home')}</Link>
      </EmptyState>
    </AppPage>
  );
}
