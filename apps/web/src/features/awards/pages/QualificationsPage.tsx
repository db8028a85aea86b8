import { useTranslation } from 'react-i18next';
import { useQualifications } from '../api/get-qualifications.ts';
import { CredentialItem } from '../components/CredentialItem.tsx';
import { PagedListPage } from '../../../shared/ui/PagedListPage.tsx';

/** /qualifications: the person's qualifications with their status. */
export default function QualificationsPage() {
  const { t } = useTranslation('awards');
  return (
    <PagedListPage
      title={t('qualificationsTitle')}
      texts={{ empty: t('qualificationsEmpty') }}
      query={useQualifications()}
      renderItem={(item) => <CredentialItem key={item.id} item={item} />}
    />
  );
}
