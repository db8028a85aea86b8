import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the awards feature lands: title and an honest empty state. */
export default function LicensesPage() {
  const { t } = useTranslation('awards');
  return <PlaceholderPage title={t('licensesTitle')} />;
}
