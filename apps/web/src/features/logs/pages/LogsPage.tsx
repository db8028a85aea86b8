import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the logs feature lands: title and an honest empty state. */
export default function LogsPage() {
  const { t } = useTranslation('logs');
  return <PlaceholderPage title={t('title')} />;
}
