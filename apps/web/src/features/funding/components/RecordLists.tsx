import type { CurrencyKey, ExchangeItem, RechargeItem, WithdrawalItem } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { amountText, currencyLabel } from '../format';
import { useExchangeList, useRechargeList, useWithdrawList } from '../hooks/useFunding';
import { PagedList } from './PagedList';
import { RecordItem } from './RecordItem';

/**
 * Recharges (bank and chain deposits), newest first; each opens its detail. A deposit shows its
 * network by name and "Confirming n/N" until it is credited.
 */
export function RechargeRecords({ onOpen }: { onOpen: (item: RechargeItem) => void }) {
  const { t } = useTranslation();
  const query = useRechargeList();
  return (
    <PagedList<RechargeItem> query={query}>
      {(item) => (
        <RecordItem
          key={`${item.method}-${item.id}`}
          title={t(`wallet.recharge.methods.${item.method}`)}
          amount={amountText(item.amount, item.currency)}
          status={item.status}
          statusLabel={item.statusLabel}
          time={item.time}
          detail={item.reference ?? item.networkName ?? undefined}
          onClick={() => {
            onOpen(item);
          }}
        />
      )}
    </PagedList>
  );
}

/** Withdrawals of one currency, newest first. */
export function WithdrawRecords({
  currency,
  onOpen,
}: {
  currency: CurrencyKey;
  onOpen: (item: WithdrawalItem) => void;
}) {
  const { t } = useTranslation();
  const query = useWithdrawList(currency);
  return (
    <PagedList<WithdrawalItem> query={query}>
      {(item) => (
        <RecordItem
          key={item.id}
          title={`${item.destination.name} ${item.destination.account}`}
          amount={amountText(item.amount, item.currency)}
          status={item.status}
          statusLabel={item.statusLabel}
          time={item.time}
          detail={t('funding.feeAndArrival', {
            fee: amountText(item.fee, item.currency),
            arrival: amountText(item.actualArrival, item.currency),
          })}
          onClick={() => {
            onOpen(item);
          }}
        />
      )}
    </PagedList>
  );
}

/** Exchanges, newest first. */
export function ExchangeRecords({ onOpen }: { onOpen: (item: ExchangeItem) => void }) {
  const { t } = useTranslation();
  const query = useExchangeList();
  return (
    <PagedList<ExchangeItem> query={query}>
      {(item) => (
        <RecordItem
          key={item.id}
          title={`${currencyLabel(item.from)} → ${currencyLabel(item.to)}`}
          amount={amountText(item.receive, item.to)}
          status={item.status}
          statusLabel={item.statusLabel}
          time={item.time}
          detail={t('funding.exchange.paidFee', {
            amount: amountText(item.amount, item.from),
            fee: amountText(item.fee, item.from),
          })}
          onClick={() => {
            onOpen(item);
          }}
        />
      )}
    </PagedList>
  );
}
