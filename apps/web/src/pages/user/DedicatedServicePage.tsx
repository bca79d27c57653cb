import { CustomerServiceView } from '@/widgets/customer/CustomerServiceView';

export default function DedicatedServicePage() {
  return <CustomerServiceView />;
}
