import { ItemsPage } from '../components/ItemsPage.tsx';

/** /profile/miscellaneous: medical and additional information. */
export default function MiscellaneousPage() {
  return <ItemsPage title="miscellaneousTitle" kinds={['medicalinformation', 'additionalinformation']} />;
}
