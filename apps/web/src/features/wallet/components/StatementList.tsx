import type { StatementLine } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../amount';
import { isJournalKind } from '../api/wallet';
import { currencyName } from '../currency';
import { useNow } from '../hooks/useNow';
import { SignedAmount } from './SignedAmount';
import styles from './StatementList.module.css';
import { TimeAgo } from './TimeAgo';

interface Props {
  items: readonly StatementLine[];
  timeMode: 'relative' | 'absolute';
  /** Fixes "now" for relative times; the live clock otherwise. */
  nowMs?: number;
}

/**
 * The statement, newest first: one row per event (a stake, a result, a credit, …) with what it did
 * to the available funds and to the frozen funds, and both balances after it.
 */
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
  item: StatementLine;
  timeMode: Props['timeMode'];
  nowMs: number;
}

const isZero = (value: string) => /^-?[0.]+$/.test(value);

function StatementRow({ item, timeMode, nowMs }: RowProps) {
  const { t } = useTranslation();
  // Our own labels for the kinds we know, so they match the filter; the server's label for a
  // kind added after this build.
  const kind = isJournalKind(item.kind) ? t(`ledgerKinds.${item.kind}`) : item.kindLabel;
  const unit = currencyName(item.currency);
  const frozenMoved = !isZero(item.frozen);
  // The headline is what happened to the money the user can spend; when only frozen money moved
  // (a lost stake), it is that, marked as frozen.
  const headlineIsFrozen = isZero(item.available) && frozenMoved;
  const frozen = t('wallet.frozen');
  return (
    <li className={styles.row} data-testid="statement-row">
      <span className={styles.kind}>{kind}</span>
      <span className={styles.amount}>
        <SignedAmount value={headlineIsFrozen ? item.frozen : item.available} unit={unit} />
      </span>
      <span className={styles.meta}>
        <TimeAgo iso={item.time} mode={timeMode} nowMs={nowMs} />
        {headlineIsFrozen && ` · ${frozen}`}
        {frozenMoved && !headlineIsFrozen && (
          <>
            {` · ${frozen} `}
            <SignedAmount value={item.frozen} plain />
          </>
        )}
      </span>
      <span className={styles.after}>
        {`${t('wallet.available')} ${formatMoney(item.availableAfter)}`}
      </span>
      {(frozenMoved || !isZero(item.frozenAfter)) && (
        <span className={`${styles.after} ${styles.frozenAfter}`}>
          {`${frozen} ${formatMoney(item.frozenAfter)}`}
        </span>
      )}
    </li>
  );
}
