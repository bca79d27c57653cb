/**
 * The one catalogue of response codes (documented in docs/errors.md). `key` names the message in
 * every locale's `errors` namespace; `status` is the HTTP status the server answers with.
 *
 * Ranges: 0 success; 401 session; 1000–1099 request shape; 1100–1199 content; 2000s accounts;
 * 3000s ledger and wallet; 4000s trading; 5000s funding; 6000s earn; 7000s
 * back office; 9000s server.
 * Client-side codes (SPEC §8) are never sent by the server.
 */
export const ERRORS = {
  OK: { code: 0, status: 200, key: 'ok' },
  UNAUTHORIZED: { code: 401, status: 401, key: 'unauthorized' },
  FORBIDDEN: { code: 403, status: 403, key: 'forbidden' },
  VALIDATION_FAILED: { code: 1000, status: 400, key: 'validation_failed' },
  MALFORMED_BODY: { code: 1001, status: 400, key: 'malformed_body' },
  UNSUPPORTED_MEDIA_TYPE: { code: 1002, status: 415, key: 'unsupported_media_type' },
  PAYLOAD_TOO_LARGE: { code: 1003, status: 413, key: 'payload_too_large' },
  NOT_FOUND: { code: 1004, status: 404, key: 'not_found' },
  METHOD_NOT_ALLOWED: { code: 1005, status: 405, key: 'method_not_allowed' },
  RATE_LIMITED: { code: 1006, status: 429, key: 'rate_limited' },
  IDEMPOTENCY_KEY_REUSED: { code: 1007, status: 409, key: 'idempotency_key_reused' },
  IDEMPOTENCY_KEY_INVALID: { code: 1008, status: 400, key: 'idempotency_key_invalid' },
  UPGRADE_REQUIRED: { code: 1009, status: 426, key: 'upgrade_required' },
  HOST_NOT_ALLOWED: { code: 1010, status: 421, key: 'host_not_allowed' },
  NOTICE_NOT_FOUND: { code: 1101, status: 404, key: 'notice_not_found' },
  INVALID_CREDENTIALS: { code: 2001, status: 400, key: 'invalid_credentials' },
  USERNAME_TAKEN: { code: 2002, status: 409, key: 'username_taken' },
  TOO_MANY_ATTEMPTS: { code: 2003, status: 429, key: 'too_many_attempts' },
  ACCOUNT_DISABLED: { code: 2004, status: 403, key: 'account_disabled' },
  WRONG_PASSWORD: { code: 2005, status: 400, key: 'wrong_password' },
  FUND_PASSWORD_WRONG: { code: 2006, status: 400, key: 'fund_password_wrong' },
  FUND_PASSWORD_LOCKED: { code: 2007, status: 423, key: 'fund_password_locked' },
  FUND_PASSWORD_NOT_SET: { code: 2008, status: 400, key: 'fund_password_not_set' },
  INVITE_CODE_UNKNOWN: { code: 2009, status: 400, key: 'invite_code_unknown' },
  SAME_PASSWORD: { code: 2010, status: 400, key: 'same_password' },
  INSUFFICIENT_BALANCE: { code: 3001, status: 400, key: 'insufficient_balance' },
  PRODUCT_NOT_FOUND: { code: 4001, status: 404, key: 'product_not_found' },
  PRODUCT_PAUSED: { code: 4002, status: 409, key: 'product_paused' },
  PRODUCT_CLOSED: { code: 4003, status: 409, key: 'product_closed' },
  PERIOD_INVALID: { code: 4004, status: 400, key: 'period_invalid' },
  AMOUNT_OUT_OF_RANGE: { code: 4005, status: 400, key: 'amount_out_of_range' },
  AMOUNT_INVALID: { code: 4006, status: 400, key: 'amount_invalid' },
  ORDER_NOT_FOUND: { code: 4007, status: 404, key: 'order_not_found' },
  DAILY_LOSS_LIMIT_REACHED: { code: 4008, status: 409, key: 'daily_loss_limit_reached' },
  DAILY_TRADE_LIMIT_REACHED: { code: 4009, status: 409, key: 'daily_trade_limit_reached' },
  CHAIN_NETWORK_UNAVAILABLE: { code: 5100, status: 409, key: 'chain_network_unavailable' },
  CHAIN_ADDRESS_INVALID: { code: 5101, status: 400, key: 'chain_address_invalid' },
  TOTP_CODE_INVALID: { code: 7001, status: 400, key: 'totp_code_invalid' },
  SIGN_IN_EXPIRED: { code: 7002, status: 400, key: 'sign_in_expired' },
  CSRF_TOKEN_INVALID: { code: 7003, status: 403, key: 'csrf_token_invalid' },
  PASSWORD_CHANGE_REQUIRED: { code: 7004, status: 403, key: 'password_change_required' },
  STAFF_NOT_FOUND: { code: 7005, status: 404, key: 'staff_not_found' },
  STAFF_SELF_CHANGE: { code: 7006, status: 409, key: 'staff_self_change' },
  LAST_OWNER: { code: 7007, status: 409, key: 'last_owner' },
  USER_NOT_FOUND: { code: 7010, status: 404, key: 'user_not_found' },
  ADJUSTMENT_NOT_FOUND: { code: 7020, status: 404, key: 'adjustment_not_found' },
  ADJUSTMENT_SELF_APPROVAL: { code: 7021, status: 409, key: 'adjustment_self_approval' },
  ADJUSTMENT_NOT_PENDING: { code: 7022, status: 409, key: 'adjustment_not_pending' },
  CHAIN_PAYOUT_UNAVAILABLE: { code: 7150, status: 409, key: 'chain_payout_unavailable' },
  INTERNAL: { code: 9000, status: 500, key: 'internal' },
  SERVICE_UNAVAILABLE: { code: 9003, status: 503, key: 'service_unavailable' },
} as const satisfies Record<string, { code: number; status: number; key: string }>;

export type ErrorName = keyof typeof ERRORS;

/** The back office's codes (the 7000s): a user never meets them; their messages are apart. */
export const isStaffErrorCode = (code: number): boolean => code >= 7000 && code < 8000;
export type ErrorDef = (typeof ERRORS)[ErrorName];

/** SPEC §8: codes the client makes up itself when a request never got a server answer. */
export const CLIENT_ERRORS = {
  REQUEST_TIMEOUT: 900408,
  REQUEST_FAILED: 900500,
  TASK_NOT_FOUND: 901404,
} as const;

/** SPEC §8: network-layer codes. */
export const NETWORK_ERRORS = {
  TIMEOUT: 5,
  ABORT: 600003,
  UPLOAD_ERROR: 602001,
  WEBSOCKET: 600009,
} as const;

const byCode = new Map<number, ErrorDef>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}
