import { CurrencyRecordsPage } from '../CurrencyRecordsPage';

export default function RechargeListPage() {
  return <CurrencyRecordsPage />;
}
