import { parseAmount } from '@ampere/contract';
import type { CurrencyKey, TradeLimits } from '@ampere/contract';
import type { TradeLimitsForm } from './api/trade';
import { plainAmount } from './money';

/**
 * The responsible-trading form (docs/trading-rules.md): a daily loss limit per currency, a daily
 * number of orders and a reminder after some minutes of use. An empty field means no limit.
 */

/** Counts the server takes: 1–9999, no leading zero (the contract's pattern). */
const COUNT = /^[1-9]\d{0,3}$/;

export type LimitField = keyof TradeLimitsForm;
export type LimitError = 'amount' | 'count';

const AMOUNT_FIELDS: Partial<Record<LimitField, CurrencyKey>> = {
  dailyLossMoney: 'money',
  dailyLossUsdt: 'usdt',
};

/** Whether a field holds an amount of money or a count (of orders, of minutes). */
export function limitKind(field: LimitField): LimitError {
  return AMOUNT_FIELDS[field] === undefined ? 'count' : 'amount';
}

/** Why a field's text would be refused, or undefined when it is fine (empty included). */
export function limitFieldError(field: LimitField, text: string): LimitError | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const currency = AMOUNT_FIELDS[field];
  if (currency !== undefined) return parseAmount(value, currency).ok ? undefined : 'amount';
  return COUNT.test(value) ? undefined : 'count';
}

const amountText = (value: string | null, currency: CurrencyKey): string => {
  if (value === null) return '';
  const parsed = parseAmount(value, currency);
  return parsed.ok ? plainAmount(parsed.minor, currency) : value;
};

/** The saved limits as the form shows them: "500" rather than "500.00", empty for none. */
export function toLimitsForm(limits: TradeLimits): TradeLimitsForm {
  return {
    dailyLossMoney: amountText(limits.dailyLossMoney, 'money'),
    dailyLossUsdt: amountText(limits.dailyLossUsdt, 'usdt'),
    dailyTrades: limits.dailyTrades === null ? '' : String(limits.dailyTrades),
    reminderMinutes: limits.reminderMinutes === null ? '' : String(limits.reminderMinutes),
  };
}

/** The form as sent: every field trimmed, so " 500 " is 500 and "" removes the limit. */
export function limitsRequest(form: TradeLimitsForm): TradeLimitsForm {
  return {
    dailyLossMoney: form.dailyLossMoney.trim(),
    dailyLossUsdt: form.dailyLossUsdt.trim(),
    dailyTrades: form.dailyTrades.trim(),
    reminderMinutes: form.reminderMinutes.trim(),
  };
}

/** This device's offset from UTC in minutes east (UTC+8 → 480): where the user's day starts. */
export function tzMinutesEast(date: Date = new Date()): number {
  return -date.getTimezoneOffset();
}
