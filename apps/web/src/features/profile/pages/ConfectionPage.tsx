import { ItemsPage } from '../components/ItemsPage.tsx';

export default function ConfectionPage() {
  return <ItemsPage title="confectionTitle" kinds={['confectioninformation']} />;
}
