import { useTranslation } from 'react-i18next';
import { useConfig } from '@/core/config';
import { EmptyState } from '@/components/EmptyState';
import { ExchangeForm } from '@/features/wallet/components/ExchangeForm';

export default function ExchangePage() {
  const { t } = useTranslation();
  const [first, second] = useConfig().currencies;
  // Exchange needs two currencies; a config offering fewer leaves nothing to exchange between.
  if (!first || !second) return <EmptyState message={t('wallet.exchange.unavailable')} />;
  return <ExchangeForm currencies={[first, second]} />;
}
