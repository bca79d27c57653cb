import { api } from '@/core/api';
import { QueryState } from '@/components/QueryState';
import { useCustomerService } from '@/features/customer/api/customer';
import { CustomerServicePanel } from '@/features/customer/components/CustomerServicePanel';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';

/**
 * The customer-service page body, on the Customer tab, `/app/pages/user/customer` and the open
 * `/app/pages/index/customer`: the agents in the caller's language; a tap opens the agent's
 * page in the app's webview (kind `webview`) or outside the app (URL, Telegram, WhatsApp).
 */
export function CustomerServiceView() {
  const navigate = useAppNavigate();
  const service = useCustomerService(api, currentLocale());
  return (
    <QueryState query={service}>
      {(data) => (
        <CustomerServicePanel
          service={data}
          onContact={(agent) => {
            navigate(agent.href, agent.kind === 'webview' ? 'webview' : 'external');
          }}
        />
      )}
    </QueryState>
  );
}
