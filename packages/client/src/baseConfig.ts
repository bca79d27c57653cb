import { APP_VERSION, APP_VERSION_CODE, LOCALE_KEYS } from '@ampere/contract';
import type { BaseConfig } from '@ampere/contract';

/**
 * Reads the launch config (GET common/base, SPEC §4) by the rules of the contract's
 * `baseConfigSchema`, returning a copy with unknown keys dropped, or undefined.
 *
 * Written by hand because the first page cannot render before the config is checked (a returning
 * user's stored copy is checked synchronously at launch), and zod there would put all of zod in
 * the script a phone downloads before the first paint (BRIEF §9). baseConfig.test.ts holds it to
 * the contract's schema, with the allowed values taken from the schema itself.
 */
export function parseBaseConfig(value: unknown): BaseConfig | undefined {
  if (!isRecord(value)) return undefined;
  const currencies = parseCurrencies(value.currencies);
  if (
    typeof value.appName !== 'string' ||
    value.version !== APP_VERSION ||
    value.versionCode !== APP_VERSION_CODE ||
    typeof value.wss !== 'string' ||
    !isOneOf(value.language, LOCALE_KEYS) ||
    typeof value.Black_run !== 'string' ||
    typeof value.rechargeOpen !== 'boolean' ||
    typeof value.withdrawOpen !== 'boolean' ||
    !isOptionalString(value, 'rechargeCloseTip') ||
    !isOptionalString(value, 'withdrawCloseTip') ||
    currencies === undefined ||
    !isSafeInteger(value.serverTime) ||
    typeof value.feedSimulated !== 'boolean' ||
    typeof value.chainPublicKey !== 'string'
  ) {
    return undefined;
  }
  return {
    appName: value.appName,
    version: value.version,
    versionCode: value.versionCode,
    wss: value.wss,
    language: value.language,
    Black_run: value.Black_run,
    rechargeOpen: value.rechargeOpen,
    withdrawOpen: value.withdrawOpen,
    ...optionalString(value, 'rechargeCloseTip'),
    ...optionalString(value, 'withdrawCloseTip'),
    currencies,
    serverTime: value.serverTime,
    feedSimulated: value.feedSimulated,
    chainPublicKey: value.chainPublicKey,
  };
}

type CurrencyEntry = BaseConfig['currencies'][number];

const CURRENCY_KEYS = ['money', 'usdt'] as const satisfies readonly CurrencyEntry['key'][];
const CURRENCY_NAMES = ['CNY', 'USDT'] as const satisfies readonly CurrencyEntry['name'][];

function parseCurrencies(value: unknown): CurrencyEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries: CurrencyEntry[] = [];
  for (const item of value as unknown[]) {
    if (!isRecord(item)) return undefined;
    const { key, name } = item;
    if (!isOneOf(key, CURRENCY_KEYS) || !isOneOf(name, CURRENCY_NAMES)) return undefined;
    entries.push({ key, name });
  }
  return entries;
}

/** zod's object rule: any non-null object that is not an array. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** zod's `.optional()` string: absent, undefined or a string. */
function isOptionalString(record: Record<string, unknown>, key: string): boolean {
  const value = record[key];
  return value === undefined || typeof value === 'string';
}

/**
 * The key as zod's `.optional()` returns it: kept (even when undefined) when the input has it,
 * left out when it does not.
 */
function optionalString<K extends string>(
  record: Record<string, unknown>,
  key: K,
): Partial<Record<K, string | undefined>> {
  if (!Object.hasOwn(record, key)) return {};
  const value = record[key];
  return { [key]: typeof value === 'string' ? value : undefined } as Partial<
    Record<K, string | undefined>
  >;
}

/** zod's `.int()`: a finite number within the safe integer range. */
function isSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isOneOf<T extends string>(value: unknown, allowed: readonly T[]): value is T {
  return (allowed as readonly unknown[]).includes(value);
}
