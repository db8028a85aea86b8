import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

export default function ManageInvitationsPage() {
  const { t } = useTranslation('validation');
  return <PlaceholderPage title={t('listTitle')} />;
}
