import { ItemsPage } from '../components/ItemsPage.tsx';

export default function AddressPage() {
  return <ItemsPage title="addressTitle" kinds={['address']} />;
}
