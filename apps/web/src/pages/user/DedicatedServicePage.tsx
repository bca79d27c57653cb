import { CustomerServicePanel } from '@/features/customer/components/CustomerServicePanel';

export default function DedicatedServicePage() {
  return <CustomerServicePanel />;
}
