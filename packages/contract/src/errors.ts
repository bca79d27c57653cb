/**
 * The one catalogue of response codes (documented in docs/errors.md). `key` names the message in
 * every locale's `errors` namespace; `status` is the HTTP status the server answers with.
 *
 * Ranges: 0 success; 401 session; 1000–1099 request shape; 1100–1199 content; 2000s accounts;
 * 3000s ledger and wallet; 4000s trading; 5000s funding; 6000s earn; 7000s back office
 * (7200–7249 real-name review); 8000–8099 uploads and real-name verification; 9000s server.
 * Client-side codes (SPEC §8) are never sent by the server.
 */
/**
 * Each code as `[code, HTTP status]` by name; its `key` (the message's name in every locale) is
 * the name in lower case. Written this way because the user app downloads the catalogue with its
 * first page, and the key strings were a third of it.
 */
const CODES = {
  OK: [0, 200],
  UNAUTHORIZED: [401, 401],
  FORBIDDEN: [403, 403],
  VALIDATION_FAILED: [1000, 400],
  MALFORMED_BODY: [1001, 400],
  UNSUPPORTED_MEDIA_TYPE: [1002, 415],
  PAYLOAD_TOO_LARGE: [1003, 413],
  NOT_FOUND: [1004, 404],
  METHOD_NOT_ALLOWED: [1005, 405],
  RATE_LIMITED: [1006, 429],
  IDEMPOTENCY_KEY_REUSED: [1007, 409],
  IDEMPOTENCY_KEY_INVALID: [1008, 400],
  UPGRADE_REQUIRED: [1009, 426],
  HOST_NOT_ALLOWED: [1010, 421],
  NOTICE_NOT_FOUND: [1101, 404],
  INVALID_CREDENTIALS: [2001, 400],
  USERNAME_TAKEN: [2002, 409],
  TOO_MANY_ATTEMPTS: [2003, 429],
  ACCOUNT_DISABLED: [2004, 403],
  WRONG_PASSWORD: [2005, 400],
  FUND_PASSWORD_WRONG: [2006, 400],
  FUND_PASSWORD_LOCKED: [2007, 423],
  FUND_PASSWORD_NOT_SET: [2008, 400],
  INVITE_CODE_UNKNOWN: [2009, 400],
  SAME_PASSWORD: [2010, 400],
  INSUFFICIENT_BALANCE: [3001, 400],
  PRODUCT_NOT_FOUND: [4001, 404],
  PRODUCT_PAUSED: [4002, 409],
  PRODUCT_CLOSED: [4003, 409],
  PERIOD_INVALID: [4004, 400],
  AMOUNT_OUT_OF_RANGE: [4005, 400],
  AMOUNT_INVALID: [4006, 400],
  ORDER_NOT_FOUND: [4007, 404],
  DAILY_LOSS_LIMIT_REACHED: [4008, 409],
  DAILY_TRADE_LIMIT_REACHED: [4009, 409],
  PRACTICE_USDT_ONLY: [4100, 400],
  PRACTICE_RESET_ORDERS_OPEN: [4101, 409],
  PRACTICE_RESET_TOO_SOON: [4102, 409],
  RECHARGE_CLOSED: [5001, 409],
  WITHDRAW_CLOSED: [5002, 409],
  FUNDING_AMOUNT_OUT_OF_RANGE: [5003, 400],
  CARD_NUMBER_INVALID: [5004, 400],
  CARD_UNSUPPORTED: [5005, 400],
  CARD_NAME_MISMATCH: [5006, 400],
  CARD_NOT_BOUND: [5007, 409],
  ADDRESS_INVALID: [5008, 400],
  ADDRESS_DUPLICATE: [5009, 409],
  ADDRESS_BOOK_FULL: [5010, 409],
  ADDRESS_NOT_FOUND: [5011, 404],
  ADDRESS_COOLING_DOWN: [5012, 409],
  NETWORK_UNAVAILABLE: [5013, 409],
  RECEIVING_ACCOUNT_UNAVAILABLE: [5014, 409],
  RECHARGE_PENDING_LIMIT: [5015, 409],
  RECHARGE_NOT_FOUND: [5016, 404],
  WITHDRAWAL_NOT_FOUND: [5017, 404],
  WITHDRAW_DAILY_COUNT_REACHED: [5018, 409],
  WITHDRAW_OUTSIDE_HOURS: [5019, 409],
  REALNAME_REQUIRED: [5020, 409],
  WITHDRAW_BELOW_FEE: [5021, 400],
  WITHDRAWAL_NOT_CANCELLABLE: [5022, 409],
  EXCHANGE_UNAVAILABLE: [5023, 409],
  EXCHANGE_ABOVE_MAX: [5024, 400],
  EXCHANGE_TOO_SMALL: [5025, 400],
  QUOTE_EXPIRED: [5026, 409],
  QUOTE_CHANGED: [5027, 409],
  EXCHANGE_NOT_FOUND: [5028, 404],
  FUND_PASSWORD_REQUIRED: [5029, 400],
  CHAIN_NETWORK_UNAVAILABLE: [5100, 409],
  CHAIN_ADDRESS_INVALID: [5101, 400],
  EARN_PRODUCT_NOT_FOUND: [6001, 404],
  EARN_NOT_ON_SALE: [6002, 409],
  EARN_AMOUNT_OUT_OF_RANGE: [6003, 400],
  EARN_USER_QUOTA_EXCEEDED: [6004, 409],
  EARN_SOLD_OUT: [6005, 409],
  EARN_ORDER_NOT_FOUND: [6006, 404],
  EARN_ORDER_NOT_HOSTING: [6007, 409],
  EARN_QUOTE_CHANGED: [6008, 409],
  EARN_FUND_PASSWORD_REQUIRED: [6009, 400],
  TOTP_CODE_INVALID: [7001, 400],
  SIGN_IN_EXPIRED: [7002, 400],
  CSRF_TOKEN_INVALID: [7003, 403],
  PASSWORD_CHANGE_REQUIRED: [7004, 403],
  STAFF_NOT_FOUND: [7005, 404],
  STAFF_SELF_CHANGE: [7006, 409],
  LAST_OWNER: [7007, 409],
  USER_NOT_FOUND: [7010, 404],
  ADJUSTMENT_NOT_FOUND: [7020, 404],
  ADJUSTMENT_SELF_APPROVAL: [7021, 409],
  ADJUSTMENT_NOT_PENDING: [7022, 409],
  FUNDING_RECORD_NOT_FOUND: [7100, 404],
  FUNDING_ALREADY_DECIDED: [7101, 409],
  WITHDRAWAL_NOT_APPROVED: [7102, 409],
  WITHDRAWAL_SAME_APPROVER: [7103, 409],
  WITHDRAWAL_NOT_CHAIN: [7104, 409],
  WITHDRAWAL_CHAIN_ONLY: [7105, 409],
  PAYOUT_FAILED: [7106, 502],
  RECEIVING_ACCOUNT_NOT_FOUND: [7107, 404],
  RECEIVING_ACCOUNTS_FULL: [7108, 409],
  CHAIN_PAYOUT_UNAVAILABLE: [7150, 409],
  KYC_CASE_NOT_FOUND: [7200, 404],
  KYC_CASE_NOT_PENDING: [7201, 409],
  KYC_CASE_CLAIMED: [7202, 409],
  KYC_CLAIM_REQUIRED: [7203, 409],
  KYC_DECISION_INCOMPLETE: [7204, 400],
  KYC_DOC_TYPES_EMPTY: [7205, 400],
  EARN_PRODUCT_UNKNOWN: [7300, 404],
  EARN_PRODUCT_CURRENCY_FIXED: [7301, 409],
  PRACTICE_START_OUT_OF_RANGE: [7500, 400],
  UPLOAD_UNSUPPORTED: [8000, 415],
  UPLOAD_TOO_LARGE: [8001, 413],
  UPLOAD_TOO_MANY_PIXELS: [8002, 413],
  UPLOAD_RATE_LIMITED: [8003, 429],
  UPLOAD_QUOTA_EXCEEDED: [8004, 409],
  UPLOAD_NOT_FOUND: [8005, 404],
  UPLOAD_IN_USE: [8006, 409],
  UPLOAD_LINK_INVALID: [8007, 403],
  UPLOAD_MISSING: [8008, 400],
  KYC_DETAILS_REQUIRED: [8010, 400],
  KYC_PHOTOS_REQUIRED: [8011, 400],
  KYC_IDCARD_INVALID: [8012, 400],
  KYC_IDCARD_IN_USE: [8013, 409],
  KYC_UNDER_REVIEW: [8014, 409],
  KYC_ALREADY_APPROVED: [8015, 409],
  KYC_SIDE_NOT_DECLINED: [8016, 409],
  KYC_CERTIFICATE_INVALID: [8017, 400],
  KYC_NAME_INVALID: [8018, 400],
  KYC_DOC_TYPE_DISABLED: [8019, 400],
  KYC_DOC_TYPE_LOCKED: [8020, 409],
  KYC_PASSPORT_INVALID: [8021, 400],
  KYC_HK_MACAU_PERMIT_INVALID: [8022, 400],
  KYC_TAIWAN_PERMIT_INVALID: [8023, 400],
  INTERNAL: [9000, 500],
  SERVICE_UNAVAILABLE: [9003, 503],
} as const satisfies Record<string, readonly [code: number, status: number]>;

type Catalogue = {
  readonly [N in keyof typeof CODES]: {
    readonly code: (typeof CODES)[N][0];
    readonly status: (typeof CODES)[N][1];
    readonly key: Lowercase<N>;
  };
};

/** The catalogue: `ERRORS.NAME` is `{ code, status, key }`. */
// The one cast: Object.fromEntries cannot know it maps each name to its own lower-case key.
export const ERRORS = Object.fromEntries(
  Object.entries(CODES).map(([name, [code, status]]) => [
    name,
    { code, status, key: name.toLowerCase() },
  ]),
) as Catalogue;

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
