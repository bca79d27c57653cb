import { CustomerServiceView } from '@/widgets/customer/CustomerServiceView';

/** Open without login (SPEC §2): a visitor who cannot sign in must still reach a person. */
export default function OnlineServicePage() {
  return <CustomerServiceView />;
}
