import { CurrencyRecordsPage } from '../CurrencyRecordsPage';

export default function WithdrawListPage() {
  return <CurrencyRecordsPage />;
}
