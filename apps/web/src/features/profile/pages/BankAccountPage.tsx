import { ItemsPage } from '../components/ItemsPage.tsx';

export default function BankAccountPage() {
  return <ItemsPage title="bankAccountTitle" kinds={['bankaccount']} />;
}
