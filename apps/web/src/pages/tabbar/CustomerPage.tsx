import { CustomerServicePanel } from '@/features/customer/components/CustomerServicePanel';

export default function CustomerPage() {
  return <CustomerServicePanel />;
}
