import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the teams feature lands: title and an honest empty state. */
export default function TeamsPage() {
  const { t } = useTranslation('teams');
  return <PlaceholderPage title={t('listTitle')} />;
}
