import { useTranslation } from 'react-i18next';
import { useLicenses } from '../api/get-licenses.ts';
import { CredentialItem } from '../components/CredentialItem.tsx';
import { PagedListPage } from '../../../shared/ui/PagedListPage.tsx';

/** /licenses: the person's licences with their status. */
export default function LicensesPage() {
  const { t } = useTranslation('awards');
  return (
    <PagedListPage
      title={t('licensesTitle')}
      texts={{ empty: t('licensesEmpty') }}
      query={useLicenses()}
      renderItem={(item) => <CredentialItem key={item.id} item={item} />}
    />
  );
}
