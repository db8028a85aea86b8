import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the privacy feature lands: title and an honest empty state. */
export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  return <PlaceholderPage title={t('title')} />;
}
