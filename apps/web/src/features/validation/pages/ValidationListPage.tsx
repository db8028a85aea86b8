import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the validation feature lands: title and an honest empty state. */
export default function ValidationListPage() {
  const { t } = useTranslation('validation');
  return <PlaceholderPage title={t('listTitle')} />;
}
