import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the messages feature lands: title and an honest empty state. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  return <PlaceholderPage title={t('title')} />;
}
