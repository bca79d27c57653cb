import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { MarketProduct } from '../api/market';

/** Paused (the feed went quiet) or closed (by the operator); nothing for an open product. */
export function ProductStateTag({ state }: { state: MarketProduct['state'] }) {
  const { t } = useTranslation();
  if (state === 'open') return null;
  return (
    <Tag color={state === 'closed' ? 'default' : 'warning'} fill="outline" data-state={state}>
      {t(state === 'closed' ? 'markets.state.closed' : 'markets.state.paused')}
    </Tag>
  );
}
