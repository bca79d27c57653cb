import {
  formatAmount,
  type CurrencyKey,
  type WithdrawalDetail,
  type WithdrawalItem,
  type WithdrawalStatus,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import { maskCard } from '../rules.js';
import { timelineView, type EventRow } from '../timeline.js';
import { destinationOf, type WithdrawalRow } from './withdrawal.repository.js';

export const currencyOf = (row: WithdrawalRow) => row.currency as CurrencyKey;

/** Cancellable by the user while pending and before any approval. */
export const cancellable = (row: WithdrawalRow) =>
  row.status === 'pending' && row.approvedBy === null;

export function withdrawalItem(
  row: WithdrawalRow,
  t: TFunction,
  networkName: (key: string) => string,
): WithdrawalItem {
  const currency = currencyOf(row);
  const status = row.status as WithdrawalStatus;
  const d = destinationOf(row);
  return {
    id: row.id.toString(),
    currency,
    amount: formatAmount(row.amountMinor, currency),
    fee: formatAmount(row.feeMinor, currency),
    actualArrival: formatAmount(row.amountMinor - row.feeMinor, currency),
    status,
    statusLabel: t(`funding.withdrawal.${status}`),
    time: row.createdAt.toISOString(),
    destination:
      d.kind === 'card'
        ? { kind: 'card', name: d.bankName, account: maskCard(d.cardLast4) }
        : { kind: 'address', name: networkName(d.network), account: d.address },
    cancellable: cancellable(row),
  };
}

export function withdrawalDetail(
  row: WithdrawalRow,
  events: readonly EventRow[],
  t: TFunction,
  networkName: (key: string) => string,
): WithdrawalDetail {
  return {
    ...withdrawalItem(row, t, networkName),
    payoutReference: row.payoutReference,
    timeline: timelineView(events, t),
  };
}
