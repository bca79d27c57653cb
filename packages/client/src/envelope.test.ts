import { errorEnvelopeSchema } from '@ampere/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './envelope';

/** Codes around every edge zod's `.int()` draws: fractions, NaN, infinities, unsafe integers. */
const code = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 1,
    -Number.MAX_SAFE_INTEGER - 2,
    Number.NaN,
    Infinity,
    -0,
  ),
  fc.anything(),
);

const envelopeLike = fc.oneof(
  fc.record(
    { code, msg: fc.oneof(fc.string(), fc.anything()), data: fc.anything(), extra: fc.anything() },
    { requiredKeys: [] },
  ),
  fc.anything(),
  fc.array(fc.anything()),
);

describe('parseEnvelope', () => {
  it('accepts and returns exactly what errorEnvelopeSchema does', () => {
    fc.assert(
      fc.property(envelopeLike, (body) => {
        const expected = errorEnvelopeSchema.safeParse(body);
        const actual = parseEnvelope(body);
        expect(actual !== undefined).toBe(expected.success);
        if (expected.success) expect(actual).toEqual(expected.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a server envelope and drops unknown keys', () => {
    expect(parseEnvelope({ code: 0, msg: '', data: { a: 1 }, extra: true })).toEqual({
      code: 0,
      msg: '',
      data: { a: 1 },
    });
  });

  it.each([
    ['an array', [0, '', null]],
    ['null', null],
    ['a fractional code', { code: 1.5, msg: '', data: null }],
    ['an unsafe integer code', { code: 2 ** 53, msg: '', data: null }],
    ['a string code', { code: '0', msg: '', data: null }],
    ['a missing msg', { code: 0, data: null }],
    ['a missing data', { code: 0, msg: '' }],
  ])('refuses %s', (_name, body) => {
    expect(parseEnvelope(body)).toBeUndefined();
    expect(errorEnvelopeSchema.safeParse(body).success).toBe(false);
  });
});
