import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

export default function JoinClubPage() {
  const { t } = useTranslation('validation');
  return <PlaceholderPage title={t('listTitle')} />;
}
