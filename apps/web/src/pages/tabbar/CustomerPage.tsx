import { CustomerServiceView } from '@/widgets/customer/CustomerServiceView';

export default function CustomerPage() {
  return <CustomerServiceView />;
}
