import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage.tsx';

/** Placeholder until the blog feature lands: title and an honest empty state. */
export default function BlogDetailPage() {
  const { t } = useTranslation('blog');
  return <PlaceholderPage title={t('detailTitle')} />;
}
