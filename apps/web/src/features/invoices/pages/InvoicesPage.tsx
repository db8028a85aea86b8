import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the invoices feature lands: title and an honest empty state. */
export default function InvoicesPage() {
  const { t } = useTranslation('invoices');
  return <PlaceholderPage title={t('title')} />;
}
