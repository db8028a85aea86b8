import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the profile feature lands: title and an honest empty state. */
export default function MailPage() {
  const { t } = useTranslation('profile');
  return <PlaceholderPage title={t('mailTitle')} />;
}
