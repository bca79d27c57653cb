import { describe, expect, it } from 'vitest';
import { dateParam, idParam, INT8_MAX, intField, intParam } from './params.js';

describe('strict parameters', () => {
  it('takes integers written the plain way only', () => {
    const tz = intParam(-840, 840);
    expect(['480', '-300', '0', '840'].map((v) => tz.parse(v))).toEqual([480, -300, 0, 840]);
    for (const v of ['0x10', '0b1', '0o7', '1e2', ' 480', '480 ', '+480', '-0', '0480', '', '4.5'])
      expect(tz.safeParse(v).success, v).toBe(false);
    expect(tz.safeParse('841').success).toBe(false);
    expect(intField(1, 86_400).parse(30)).toBe(30);
    expect(intField(1, 86_400).parse('30')).toBe(30);
    expect(intField(1, 86_400).safeParse(30.5).success).toBe(false);
  });

  it('takes ids from 1 to int8 max, compared exactly', () => {
    expect(idParam.parse('1')).toBe('1');
    expect(idParam.parse(INT8_MAX.toString())).toBe('9223372036854775807');
    for (const v of ['0', '01', '-1', '9223372036854775808', '99999999999999999999', 'abc', ''])
      expect(idParam.safeParse(v).success, v).toBe(false);
  });

  it('takes calendar days that exist', () => {
    for (const v of ['2024-02-29', '2026-12-31', '1970-01-01']) expect(dateParam.parse(v)).toBe(v);
    for (const v of [
      '2024-99-99',
      '2024-13-45',
      '2023-02-29',
      '2024-02-30',
      '0000-00-00',
      '2024-1-1',
    ])
      expect(dateParam.safeParse(v).success, v).toBe(false);
  });
});
