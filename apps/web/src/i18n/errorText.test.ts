import { ApiError } from '@ampere/client';
import { CLIENT_ERRORS, ERRORS } from '@ampere/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { errorText } from './errorText';

beforeAll(async () => {
  await initI18n();
});

const t = () => i18n.t.bind(i18n);
const server = (e: { code: number; status: number }, msg: string) =>
  new ApiError(e.code, msg, null, e.status);

describe('errorText: SPEC §8 messages for every failure', () => {
  it('says the network failed when no answer came', () => {
    const offline = new ApiError(CLIENT_ERRORS.REQUEST_FAILED, '', null, undefined);
    expect(errorText(offline, t())).toBe('Network connection failed, please check the network');
    expect(errorText(offline, t(), { fallback: 'withdraw_failed' })).toBe(
      'Network connection failed, please check the network',
    );
  });

  it('shows the server’s words when they concern the user', () => {
    expect(errorText(server(ERRORS.INSUFFICIENT_BALANCE, 'Insufficient balance'), t())).toBe(
      'Insufficient balance',
    );
    expect(
      errorText(server(ERRORS.WRONG_PASSWORD, 'The old password is incorrect'), t(), {
        fallback: 'withdraw_failed',
      }),
    ).toBe('The old password is incorrect');
  });

  it.each([
    [ERRORS.NOT_FOUND, 'This address does not exist'],
    [ERRORS.INTERNAL, 'Internal error'],
    [ERRORS.SERVICE_UNAVAILABLE, 'Service unavailable'],
    [ERRORS.IDEMPOTENCY_KEY_REUSED, 'Idempotency key reused'],
    [ERRORS.PAYLOAD_TOO_LARGE, 'Payload too large'],
  ])('says what failed instead of technical server text (%o)', (e, msg) => {
    expect(errorText(server(e, msg), t(), { fallback: 'withdraw_failed' })).toBe('Withdraw failed');
    expect(errorText(server(e, msg), t(), { fallback: 'upload_failed' })).toBe('Upload failed');
    expect(errorText(server(e, msg), t())).toBe('Unexpected error, please try again');
  });

  it('never shows an answer without an envelope, an unknown code or a bug', () => {
    expect(errorText(new ApiError(502, 'Bad Gateway', null, 502), t())).toBe(
      'Unexpected error, please try again',
    );
    expect(errorText(new ApiError(5999, 'Mystery', null, 400), t())).toBe(
      'Unexpected error, please try again',
    );
    expect(errorText(new TypeError('x is undefined'), t(), { fallback: 'recharge_failed' })).toBe(
      'Recharge failed',
    );
  });
});
