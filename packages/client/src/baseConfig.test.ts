import { baseConfigSchema } from '@ampere/contract';
import type { BaseConfig } from '@ampere/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBaseConfig } from './baseConfig';

// The allowed values come from the contract's schema, so a change there that the hand-written
// guard misses fails here.
const { shape } = baseConfigSchema;
const currencyShape = shape.currencies.def.element.shape;
const valid = {
  version: fc.constant(shape.version.def.values[0]),
  versionCode: fc.constant(shape.versionCode.def.values[0]),
  language: fc.constantFrom(...shape.language.options),
  currencyKey: fc.constantFrom(...currencyShape.key.options),
  currencyName: fc.constantFrom(...currencyShape.name.options),
};

/** Either a value the field accepts or, now and then, something else. */
const field = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown> = fc.anything()) =>
  fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: bad, weight: 1 });

const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity),
);

const currency = field(
  fc.record(
    {
      key: field(valid.currencyKey, fc.string()),
      name: field(valid.currencyName, fc.string()),
      extra: fc.anything(),
    },
    { requiredKeys: ['key', 'name'] },
  ),
);

const configLike = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record(
      {
        appName: field(fc.string()),
        version: field(valid.version, fc.constantFrom('1.0.0', 101)),
        versionCode: field(valid.versionCode, fc.constantFrom(100, '101')),
        wss: field(fc.string()),
        language: field(valid.language, fc.constantFrom('en', 'EN-US', 'zh-CN')),
        Black_run: field(fc.string()),
        rechargeOpen: field(fc.boolean(), fc.constantFrom(0, 1, 'true')),
        withdrawOpen: field(fc.boolean(), fc.constantFrom(0, 1, 'false')),
        rechargeCloseTip: field(fc.oneof(fc.string(), fc.constant(undefined)), fc.integer()),
        withdrawCloseTip: field(fc.oneof(fc.string(), fc.constant(undefined)), fc.boolean()),
        currencies: field(fc.array(currency, { maxLength: 3 })),
        serverTime: field(fc.integer({ min: 0 }), number),
        feedSimulated: field(fc.boolean()),
        chainPublicKey: field(fc.string()),
        extra: fc.anything(),
      },
      // Every key but `extra` is present most of the time; a missing one must be refused.
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.anything() },
);

const example: BaseConfig = {
  appName: 'Ampere',
  version: '1.0.1',
  versionCode: 101,
  wss: 'wss://app.example/ws',
  language: 'en-US',
  Black_run: 'https://example.com/disabled',
  rechargeOpen: true,
  withdrawOpen: false,
  currencies: [
    { key: 'money', name: 'CNY' },
    { key: 'usdt', name: 'USDT' },
  ],
  serverTime: 1_767_225_600_000,
  feedSimulated: true,
  chainPublicKey: 'MCowBQYDK2VwAyEA',
};

describe('parseBaseConfig', () => {
  it('accepts and returns exactly what baseConfigSchema does', () => {
    let accepted = 0;
    fc.assert(
      fc.property(configLike, (value) => {
        const expected = baseConfigSchema.safeParse(value);
        const actual = parseBaseConfig(value);
        expect(actual !== undefined).toBe(expected.success);
        if (expected.success) {
          accepted += 1;
          expect(actual).toStrictEqual(expected.data);
        }
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the accepting side too, or the comparison proves little.
    expect(accepted).toBeGreaterThan(0);
  });

  it('returns a copy without unknown keys', () => {
    const wire = {
      ...example,
      debug: true,
      currencies: example.currencies.map((c) => ({ ...c, rate: '1' })),
    };
    expect(parseBaseConfig(wire)).toStrictEqual(example);
    expect(parseBaseConfig(wire)).toStrictEqual(baseConfigSchema.parse(wire));
  });

  it('keeps the operator’s close tips, and their absence', () => {
    const closed = { ...example, rechargeOpen: false, rechargeCloseTip: 'Back at 18:00' };
    expect(parseBaseConfig(closed)).toStrictEqual(baseConfigSchema.parse(closed));
    expect(parseBaseConfig(closed)?.rechargeCloseTip).toBe('Back at 18:00');
    expect(parseBaseConfig(example)).not.toHaveProperty('rechargeCloseTip');
  });

  it.each([
    ['another app version', { ...example, version: '1.0.0' }],
    ['an unknown language', { ...example, language: 'en' }],
    ['an unknown currency', { ...example, currencies: [{ key: 'btc', name: 'USDT' }] }],
    ['a fractional server time', { ...example, serverTime: 1.5 }],
    ['a missing field', { ...example, feedSimulated: undefined }],
    ['an array', [example]],
    ['a close tip that is not text', { ...example, withdrawCloseTip: 12 }],
  ])('refuses %s', (_name, value) => {
    expect(parseBaseConfig(value)).toBeUndefined();
    expect(baseConfigSchema.safeParse(value).success).toBe(false);
  });
});
