import { ItemsPage } from '../components/ItemsPage.tsx';

export default function PhonePage() {
  return <ItemsPage title="phoneTitle" kinds={['phone']} />;
}
