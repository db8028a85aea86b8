import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the events feature lands: title and an honest empty state. */
export default function MyRegistrationsPage() {
  const { t } = useTranslation('events');
  return <PlaceholderPage title={t('myRegistrationsTitle')} />;
}
