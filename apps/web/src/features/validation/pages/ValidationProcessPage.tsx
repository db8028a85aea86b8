import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the validation feature lands: title and an honest empty state. */
export default function ValidationProcessPage() {
  const { t } = useTranslation('validation');
  return <PlaceholderPage title={t('processTitle')} />;
}
