import { ItemsPage } from '../components/ItemsPage.tsx';

export default function MailPage() {
  return <ItemsPage title="mailTitle" kinds={['mail']} />;
}
