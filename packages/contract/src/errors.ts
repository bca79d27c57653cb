/**
 * The one catalogue of response codes (documented in docs/errors.md). `key` names the message in
 * every locale's `errors` namespace; `status` is the HTTP status the server answers with.
 *
 * Ranges: 0 success; 401 session; 1000–1099 request shape; 1100–1199 content; 2000s accounts;
 * 3000s ledger and wallet; 4000s trading; 5000s funding; 6000s earn; 7000s back office
 * (7200–7249 real-name review); 8000–8099 uploads and real-name verification; 9000s server.
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
  RECHARGE_CLOSED: { code: 5001, status: 409, key: 'recharge_closed' },
  WITHDRAW_CLOSED: { code: 5002, status: 409, key: 'withdraw_closed' },
  FUNDING_AMOUNT_OUT_OF_RANGE: { code: 5003, status: 400, key: 'funding_amount_out_of_range' },
  CARD_NUMBER_INVALID: { code: 5004, status: 400, key: 'card_number_invalid' },
  CARD_UNSUPPORTED: { code: 5005, status: 400, key: 'card_unsupported' },
  CARD_NAME_MISMATCH: { code: 5006, status: 400, key: 'card_name_mismatch' },
  CARD_NOT_BOUND: { code: 5007, status: 409, key: 'card_not_bound' },
  ADDRESS_INVALID: { code: 5008, status: 400, key: 'address_invalid' },
  ADDRESS_DUPLICATE: { code: 5009, status: 409, key: 'address_duplicate' },
  ADDRESS_BOOK_FULL: { code: 5010, status: 409, key: 'address_book_full' },
  ADDRESS_NOT_FOUND: { code: 5011, status: 404, key: 'address_not_found' },
  ADDRESS_COOLING_DOWN: { code: 5012, status: 409, key: 'address_cooling_down' },
  NETWORK_UNAVAILABLE: { code: 5013, status: 409, key: 'network_unavailable' },
  RECEIVING_ACCOUNT_UNAVAILABLE: { code: 5014, status: 409, key: 'receiving_account_unavailable' },
  RECHARGE_PENDING_LIMIT: { code: 5015, status: 409, key: 'recharge_pending_limit' },
  RECHARGE_NOT_FOUND: { code: 5016, status: 404, key: 'recharge_not_found' },
  WITHDRAWAL_NOT_FOUND: { code: 5017, status: 404, key: 'withdrawal_not_found' },
  WITHDRAW_DAILY_COUNT_REACHED: { code: 5018, status: 409, key: 'withdraw_daily_count_reached' },
  WITHDRAW_OUTSIDE_HOURS: { code: 5019, status: 409, key: 'withdraw_outside_hours' },
  REALNAME_REQUIRED: { code: 5020, status: 409, key: 'realname_required' },
  WITHDRAW_BELOW_FEE: { code: 5021, status: 400, key: 'withdraw_below_fee' },
  WITHDRAWAL_NOT_CANCELLABLE: { code: 5022, status: 409, key: 'withdrawal_not_cancellable' },
  EXCHANGE_UNAVAILABLE: { code: 5023, status: 409, key: 'exchange_unavailable' },
  EXCHANGE_ABOVE_MAX: { code: 5024, status: 400, key: 'exchange_above_max' },
  EXCHANGE_TOO_SMALL: { code: 5025, status: 400, key: 'exchange_too_small' },
  QUOTE_EXPIRED: { code: 5026, status: 409, key: 'quote_expired' },
  QUOTE_CHANGED: { code: 5027, status: 409, key: 'quote_changed' },
  EXCHANGE_NOT_FOUND: { code: 5028, status: 404, key: 'exchange_not_found' },
  FUND_PASSWORD_REQUIRED: { code: 5029, status: 400, key: 'fund_password_required' },
  EARN_PRODUCT_NOT_FOUND: { code: 6001, status: 404, key: 'earn_product_not_found' },
  EARN_NOT_ON_SALE: { code: 6002, status: 409, key: 'earn_not_on_sale' },
  EARN_AMOUNT_OUT_OF_RANGE: { code: 6003, status: 400, key: 'earn_amount_out_of_range' },
  EARN_USER_QUOTA_EXCEEDED: { code: 6004, status: 409, key: 'earn_user_quota_exceeded' },
  EARN_SOLD_OUT: { code: 6005, status: 409, key: 'earn_sold_out' },
  EARN_ORDER_NOT_FOUND: { code: 6006, status: 404, key: 'earn_order_not_found' },
  EARN_ORDER_NOT_HOSTING: { code: 6007, status: 409, key: 'earn_order_not_hosting' },
  EARN_QUOTE_CHANGED: { code: 6008, status: 409, key: 'earn_quote_changed' },
  EARN_FUND_PASSWORD_REQUIRED: { code: 6009, status: 400, key: 'earn_fund_password_required' },
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
  FUNDING_RECORD_NOT_FOUND: { code: 7100, status: 404, key: 'funding_record_not_found' },
  FUNDING_ALREADY_DECIDED: { code: 7101, status: 409, key: 'funding_already_decided' },
  WITHDRAWAL_NOT_APPROVED: { code: 7102, status: 409, key: 'withdrawal_not_approved' },
  WITHDRAWAL_SAME_APPROVER: { code: 7103, status: 409, key: 'withdrawal_same_approver' },
  WITHDRAWAL_NOT_CHAIN: { code: 7104, status: 409, key: 'withdrawal_not_chain' },
  WITHDRAWAL_CHAIN_ONLY: { code: 7105, status: 409, key: 'withdrawal_chain_only' },
  PAYOUT_FAILED: { code: 7106, status: 502, key: 'payout_failed' },
  RECEIVING_ACCOUNT_NOT_FOUND: { code: 7107, status: 404, key: 'receiving_account_not_found' },
  RECEIVING_ACCOUNTS_FULL: { code: 7108, status: 409, key: 'receiving_accounts_full' },
  KYC_CASE_NOT_FOUND: { code: 7200, status: 404, key: 'kyc_case_not_found' },
  KYC_CASE_NOT_PENDING: { code: 7201, status: 409, key: 'kyc_case_not_pending' },
  KYC_CASE_CLAIMED: { code: 7202, status: 409, key: 'kyc_case_claimed' },
  KYC_CLAIM_REQUIRED: { code: 7203, status: 409, key: 'kyc_claim_required' },
  KYC_DECISION_INCOMPLETE: { code: 7204, status: 400, key: 'kyc_decision_incomplete' },
  UPLOAD_UNSUPPORTED: { code: 8000, status: 415, key: 'upload_unsupported' },
  UPLOAD_TOO_LARGE: { code: 8001, status: 413, key: 'upload_too_large' },
  UPLOAD_TOO_MANY_PIXELS: { code: 8002, status: 413, key: 'upload_too_many_pixels' },
  UPLOAD_RATE_LIMITED: { code: 8003, status: 429, key: 'upload_rate_limited' },
  UPLOAD_QUOTA_EXCEEDED: { code: 8004, status: 409, key: 'upload_quota_exceeded' },
  UPLOAD_NOT_FOUND: { code: 8005, status: 404, key: 'upload_not_found' },
  UPLOAD_IN_USE: { code: 8006, status: 409, key: 'upload_in_use' },
  UPLOAD_LINK_INVALID: { code: 8007, status: 403, key: 'upload_link_invalid' },
  UPLOAD_MISSING: { code: 8008, status: 400, key: 'upload_missing' },
  KYC_DETAILS_REQUIRED: { code: 8010, status: 400, key: 'kyc_details_required' },
  KYC_PHOTOS_REQUIRED: { code: 8011, status: 400, key: 'kyc_photos_required' },
  KYC_IDCARD_INVALID: { code: 8012, status: 400, key: 'kyc_idcard_invalid' },
  KYC_IDCARD_IN_USE: { code: 8013, status: 409, key: 'kyc_idcard_in_use' },
  KYC_UNDER_REVIEW: { code: 8014, status: 409, key: 'kyc_under_review' },
  KYC_ALREADY_APPROVED: { code: 8015, status: 409, key: 'kyc_already_approved' },
  KYC_SIDE_NOT_DECLINED: { code: 8016, status: 409, key: 'kyc_side_not_declined' },
  KYC_CERTIFICATE_INVALID: { code: 8017, status: 400, key: 'kyc_certificate_invalid' },
  KYC_NAME_INVALID: { code: 8018, status: 400, key: 'kyc_name_invalid' },
  EARN_PRODUCT_UNKNOWN: { code: 7300, status: 404, key: 'earn_product_unknown' },
  EARN_PRODUCT_CURRENCY_FIXED: { code: 7301, status: 409, key: 'earn_product_currency_fixed' },
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
