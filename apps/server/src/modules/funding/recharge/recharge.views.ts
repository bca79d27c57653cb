import {
  formatAmount,
  type ReceivingAccount,
  type RechargeDetail,
  type RechargeItem,
  type RechargeStatus,
  type SignedImage,
  type DepositDetail,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import type { ChainDeposit } from '../chain-port.js';
import { timelineView, type EventRow } from '../timeline.js';
import type { ReceivingAccountRow } from './receiving-accounts.repository.js';
import type { RechargeRow } from './recharge.repository.js';

export const accountView = (a: ReceivingAccountRow): ReceivingAccount => ({
  id: a.id.toString(),
  bankName: a.bankName,
  accountName: a.accountName,
  cardNumber: a.cardNumber,
  branch: a.branch,
});

export function bankItem(row: RechargeRow, t: TFunction): RechargeItem {
  const status = row.status as RechargeStatus;
  return {
    id: row.id.toString(),
    method: 'bank',
    currency: 'money',
    amount: formatAmount(row.amountMinor, 'money'),
    fee: formatAmount(0n, 'money'),
    status,
    statusLabel: t(`funding.recharge.${status}`),
    time: row.createdAt.toISOString(),
    confirmations: null,
    network: null,
    networkName: null,
    txHash: null,
    reference: row.reference,
  };
}

/** A chain deposit in the recharge list; `networkName` is the operator's name for its network. */
export function chainItem(d: ChainDeposit, t: TFunction, networkName: string): RechargeItem {
  return {
    id: d.id.toString(),
    method: 'usdt',
    currency: 'usdt',
    amount: formatAmount(d.amountMinor, 'usdt'),
    fee: formatAmount(0n, 'usdt'),
    status: d.status,
    statusLabel:
      d.status === 'confirming'
        ? t('funding.recharge.confirming', {
            n: Math.min(d.confirmations, d.required),
            required: d.required,
          })
        : t(`funding.recharge.${d.status}`),
    time: d.detectedAt.toISOString(),
    confirmations: { count: d.confirmations, required: d.required },
    network: d.network,
    networkName,
    txHash: d.txHash,
    reference: null,
  };
}

export function depositDetail(d: ChainDeposit, t: TFunction, networkName: string): DepositDetail {
  return {
    ...chainItem(d, t, networkName),
    method: 'usdt',
    network: d.network,
    networkName,
    txHash: d.txHash,
    address: d.address,
    confirmations: { count: d.confirmations, required: d.required },
    creditedAt: d.creditedAt?.toISOString() ?? null,
  };
}

export function rechargeDetail(
  row: RechargeRow,
  account: ReceivingAccountRow,
  events: readonly EventRow[],
  t: TFunction,
  proof: SignedImage | null,
): RechargeDetail {
  return {
    ...bankItem(row, t),
    payerName: row.payerName,
    account: accountView(account),
    proof,
    expiresAt: row.expiresAt.toISOString(),
    timeline: timelineView(events, t),
  };
}
