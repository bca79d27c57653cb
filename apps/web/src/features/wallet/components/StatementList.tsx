import type { StatementItem } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../amount';
import { isJournalKind } from '../api/wallet';
import { currencyName } from '../currency';
import { useNow } from '../hooks/useNow';
import { SignedAmount } from './SignedAmount';
import styles from './StatementList.module.css';
import { TimeAgo } from './TimeAgo';

interface Props {
  items: readonly StatementItem[];
  timeMode: 'relative' | 'absolute';
  /** Fixes "now" for relative times; the live clock otherwise. */
  nowMs?: number;
}

/** Balance changes, newest first: what moved, when, by how much, and what was left. */
export function StatementList({ items, timeMode, nowMs }: Props) {
  const liveNowMs = useNow();
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <StatementRow key={item.id} item={item} timeMode={timeMode} nowMs={nowMs ?? liveNowMs} />
      ))}
    </ul>
  );
}

interface RowProps {
  item: StatementItem;
  timeMode: Props['timeMode'];
  nowMs: number;
}

function StatementRow({ item, timeMode, nowMs }: RowProps) {
  const { t } = useTranslation();
  // Our own labels for the kinds we know, so they match the filter; the server's label for a
  // kind added after this build.
  const kind = isJournalKind(item.kind) ? t(`ledgerKinds.${item.kind}`) : item.kindLabel;
  const unit = currencyName(item.currency);
  return (
    <li className={styles.row} data-testid="statement-row">
      <span className={styles.kind}>{kind}</span>
      <span className={styles.amount}>
        <SignedAmount value={item.amount} unit={unit} />
      </span>
      <span className={styles.meta}>
        <TimeAgo iso={item.time} mode={timeMode} nowMs={nowMs} />
        {/* Money moving into or out of a hold is labelled with the account that moved. */}
        {item.purpose !== 'available' && ` · ${t(`ledgerPurposes.${item.purpose}`)}`}
      </span>
      <span className={styles.after}>
        {t('wallet.balanceAfter', { amount: formatMoney(item.balanceAfter) })}
      </span>
    </li>
  );
}
