import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the chat feature lands: title and an honest empty state. */
export default function InboxPage() {
  const { t } = useTranslation('chat');
  return <PlaceholderPage title={t('title')} />;
}
