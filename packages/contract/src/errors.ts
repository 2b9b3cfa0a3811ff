import type { ServerMessageKey } from '@ex/i18n';

/**
 * The one catalogue of refusals the API can send: `code` goes into the envelope, `status` is the
 * HTTP status, `key` is the server message key (packages/i18n/src/server). Codes are stable: never
 * renumber, only add. Ranges: 0 and 4xx/5xx envelope codes mirror HTTP; 1000-1099 account,
 * 1100-1199 uploads, 2000-2099 wallet, 2100-2199 trading, 3000-3099 earn and community.
 * Business codes are never 0, 401, 411 or 422 (clients treat those specially).
 */
export const ERRORS = {
  OK: { code: 0, status: 200, key: 'error.ok' },
  VALIDATION: { code: 422, status: 422, key: 'error.validation' },
  UNAUTHORIZED: { code: 401, status: 401, key: 'error.unauthorized' },
  SESSION_ENDED: { code: 411, status: 401, key: 'error.session_ended' },
  // The HTTP layer could not read the request (bad URL encoding, broken framing, plain GET on /ws).
  BAD_REQUEST: { code: 400, status: 400, key: 'error.bad_request' },
  FORBIDDEN: { code: 403, status: 403, key: 'error.forbidden' },
  NOT_FOUND: { code: 404, status: 404, key: 'error.not_found' },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413, key: 'error.payload_too_large' },
  HEADERS_TOO_LARGE: { code: 431, status: 431, key: 'error.payload_too_large' },
  RATE_LIMITED: { code: 429, status: 429, key: 'error.rate_limited' },
  INTERNAL: { code: 500, status: 500, key: 'error.internal' },

  ACCOUNT_EXISTS: { code: 1001, status: 409, key: 'error.account_exists' },
  INVALID_CREDENTIALS: { code: 1002, status: 400, key: 'error.invalid_credentials' },
  ACCOUNT_BANNED: { code: 1003, status: 400, key: 'error.account_banned' },
  ACCOUNT_NOT_FOUND: { code: 1004, status: 400, key: 'error.account_not_found' },
  CODE_INVALID: { code: 1010, status: 400, key: 'error.code_invalid' },
  CODE_EXPIRED: { code: 1011, status: 400, key: 'error.code_expired' },
  CODE_TOO_MANY_ATTEMPTS: { code: 1012, status: 400, key: 'error.code_too_many_attempts' },
  CODE_SEND_TOO_OFTEN: { code: 1013, status: 429, key: 'error.code_send_too_often' },
  // The mail or SMS provider refused or did not answer; nothing was stored, the user may retry.
  SEND_FAILED: { code: 1014, status: 503, key: 'error.send_failed' },
  PHONE_UNREACHABLE: { code: 1015, status: 400, key: 'error.phone_unreachable' },
  CAPTCHA_INVALID: { code: 1020, status: 400, key: 'error.captcha_invalid' },
  INVITE_CODE_INVALID: { code: 1021, status: 400, key: 'error.invite_code_invalid' },
  OLD_PASSWORD_WRONG: { code: 1030, status: 400, key: 'error.old_password_wrong' },
  SECURITY_ACCOUNT_MISMATCH: { code: 1031, status: 400, key: 'error.security_account_mismatch' },
  TRADE_PASSWORD_WRONG: { code: 1032, status: 400, key: 'error.trade_password_wrong' },
  TRADE_PASSWORD_NOT_SET: { code: 1033, status: 400, key: 'error.trade_password_not_set' },
  NO_BANK_CARD: { code: 1034, status: 400, key: 'error.no_bank_card' },
  KYC_REQUIRED: { code: 1035, status: 400, key: 'error.kyc_required' },
  KYC_PENDING: { code: 1036, status: 409, key: 'error.kyc_pending' },
  KYC_ALREADY_VERIFIED: { code: 1037, status: 409, key: 'error.kyc_already_verified' },
  KYC_ALREADY_REVIEWED: { code: 1038, status: 409, key: 'error.kyc_already_reviewed' },
  BANK_CARD_LIMIT: { code: 1040, status: 409, key: 'error.bank_card_limit' },
  BANK_CARD_EXISTS: { code: 1041, status: 409, key: 'error.bank_card_exists' },
  BANK_CARD_NAME_MISMATCH: { code: 1042, status: 400, key: 'error.bank_card_name_mismatch' },
  // Operator account security (issue 7 items 8 and 14, ADR 125/126).
  ADMIN_TOTP_REQUIRED: { code: 1070, status: 400, key: 'error.admin_totp_required' },
  ADMIN_TOTP_INVALID: { code: 1071, status: 400, key: 'error.admin_totp_invalid' },
  ADMIN_TOTP_NOT_STARTED: { code: 1072, status: 409, key: 'error.admin_totp_not_started' },
  ADMIN_TOTP_ALREADY_ENABLED: { code: 1073, status: 409, key: 'error.admin_totp_already_enabled' },
  ADMIN_PASSWORD_UNCHANGED: { code: 1074, status: 400, key: 'error.admin_password_unchanged' },
  // Operator roles and accounts (issue 10 item 4, ADR 160): 1090-1099.
  ADMIN_ROLE_FORBIDDEN: { code: 1090, status: 403, key: 'error.admin_role_forbidden' },
  ADMIN_DISABLED: { code: 1091, status: 400, key: 'error.admin_disabled' },
  ADMIN_EXISTS: { code: 1092, status: 409, key: 'error.admin_exists' },
  ADMIN_SELF: { code: 1093, status: 409, key: 'error.admin_self' },
  // Login, codes and resets under attack (issue 7 items 5, 6, 7, 10, 16; ADR 100-104).
  CAPTCHA_REQUIRED: { code: 1050, status: 400, key: 'error.captcha_required' },
  LOGIN_DELAYED: { code: 1051, status: 429, key: 'error.login_delayed' },
  CODE_SEND_LIMIT: { code: 1052, status: 429, key: 'error.code_send_limit' },
  CODE_REGION_LIMIT: { code: 1053, status: 429, key: 'error.code_region_limit' },
  RESET_TOO_MANY_ATTEMPTS: { code: 1054, status: 429, key: 'error.reset_too_many_attempts' },
  // Binding or changing the e-mail or phone (issue 12 item 1).
  BIND_SAME_ADDRESS: { code: 1055, status: 409, key: 'error.bind_same_address' },
  BIND_OLD_CODE_REQUIRED: { code: 1056, status: 400, key: 'error.bind_old_code_required' },
  // Two-factor authentication of users (issue 12 item 3, ADR 204).
  TOTP_REQUIRED: { code: 1057, status: 400, key: 'error.totp_required' },
  TOTP_INVALID: { code: 1058, status: 400, key: 'error.totp_invalid' },
  TOTP_ALREADY_ENABLED: { code: 1059, status: 409, key: 'error.totp_already_enabled' },
  TOTP_NOT_ENABLED: { code: 1060, status: 409, key: 'error.totp_not_enabled' },
  TOTP_SETUP_FIRST: { code: 1061, status: 409, key: 'error.totp_setup_first' },
  // Closing the account (issue 12 item 7, ADR 207).
  ACCOUNT_NOT_EMPTY: { code: 1062, status: 409, key: 'error.account_not_empty' },

  UPLOAD_FAILED: { code: 1100, status: 400, key: 'error.upload_failed' },
  UPLOAD_TYPE: { code: 1101, status: 400, key: 'error.upload_type' },
  // An image path that is not one of the caller's own uploads.
  IMAGE_NOT_FOUND: { code: 1102, status: 400, key: 'error.image_not_found' },
  // Per-user upload quota (count, bytes) and the data disk's free-space guard (ADR 123).
  UPLOAD_QUOTA_FILES: { code: 1110, status: 409, key: 'error.upload_quota_files' },
  UPLOAD_QUOTA_BYTES: { code: 1111, status: 409, key: 'error.upload_quota_bytes' },
  UPLOAD_DISK_FULL: { code: 1112, status: 503, key: 'error.upload_disk_full' },

  INSUFFICIENT_BALANCE: { code: 2001, status: 400, key: 'error.insufficient_balance' },
  TRANSFER_SAME_ACCOUNT: { code: 2002, status: 400, key: 'error.transfer_same_account' },
  IDEMPOTENCY_CONFLICT: { code: 2003, status: 409, key: 'error.idempotency_conflict' },
  EXCHANGE_AMOUNT_INVALID: { code: 2010, status: 400, key: 'error.exchange_amount_invalid' },
  EXCHANGE_QUOTE_EXPIRED: { code: 2011, status: 409, key: 'error.exchange_quote_expired' },
  EXCHANGE_UNAVAILABLE: { code: 2012, status: 409, key: 'error.exchange_unavailable' },
  // Issue 7 (ADR 110-111): the flash exchange prices from the index and is capped.
  EXCHANGE_PRICE_DEVIATION: { code: 2030, status: 409, key: 'error.exchange_price_deviation' },
  EXCHANGE_QUOTE_TOO_LARGE: { code: 2031, status: 400, key: 'error.exchange_quote_too_large' },
  EXCHANGE_DAILY_LIMIT: { code: 2032, status: 409, key: 'error.exchange_daily_limit' },
  // Issue 10 (ADR 153): no fresh reference price for this market; trading on the mark is paused.
  INDEX_STALE: { code: 2060, status: 503, key: 'error.index_stale' },
  /** A gateway got no answer from the engine (ADR 172): the command may or may not be committed. */
  ENGINE_UNAVAILABLE: { code: 3500, status: 503, key: 'error.engine_unavailable' },
  WITHDRAWAL_ALREADY_REVIEWED: { code: 2020, status: 409, key: 'error.withdrawal_already_reviewed' },
  TRADE_PASSWORD_LOCKED: { code: 2021, status: 429, key: 'error.trade_password_locked' },

  MARKET_NOT_FOUND: { code: 2101, status: 400, key: 'error.market_not_found' },
  ORDER_NOT_FOUND: { code: 2102, status: 404, key: 'error.order_not_found' },
  ORDER_REJECTED: { code: 2103, status: 400, key: 'error.order_rejected' },
  POSITION_NOT_FOUND: { code: 2104, status: 404, key: 'error.position_not_found' },
  INSUFFICIENT_MARGIN: { code: 2105, status: 400, key: 'error.insufficient_margin' },
  LEVERAGE_NOT_ALLOWED: { code: 2106, status: 400, key: 'error.leverage_not_allowed' },
  LEVERAGE_LOCKED: { code: 2107, status: 409, key: 'error.leverage_locked' },
  NO_MARK_PRICE: { code: 2108, status: 409, key: 'error.no_mark_price' },
  TPSL_INVALID: { code: 2109, status: 400, key: 'error.tpsl_invalid' },
  CLOSE_EXCEEDS_POSITION: { code: 2110, status: 400, key: 'error.close_exceeds_position' },
  MARGIN_BELOW_INITIAL: { code: 2111, status: 400, key: 'error.margin_below_initial' },
  RISK_LIMIT: { code: 2112, status: 400, key: 'error.risk_limit' },
  // Issue 7 (ADR 112): a limit price away from the index by more than the market's band.
  PRICE_OUT_OF_BAND: { code: 2130, status: 400, key: 'error.price_out_of_band' },
  // Issue 8 (ADRs 135-138): contract order features, 2200-2229.
  TRIGGER_INVALID: { code: 2200, status: 400, key: 'error.trigger_invalid' },
  AMEND_REFUSED: { code: 2201, status: 400, key: 'error.amend_refused' },
  LEVERAGE_MARGIN: { code: 2202, status: 400, key: 'error.leverage_margin' },
  // ADR 180: the position mode changes only with no position, open order or waiting stop.
  POSITION_MODE_BUSY: { code: 2203, status: 409, key: 'error.position_mode_busy' },
  // ADR 196: a close-all item whose market close met too little within the price protection.
  CLOSE_ALL_UNFILLED: { code: 2204, status: 409, key: 'error.close_all_unfilled' },
  // Operator console: fees and leverage list per market (issue 10 item 4, ADR 154): 2240-2249.
  MARKET_FEE_INVALID: { code: 2240, status: 400, key: 'error.market_fee_invalid' },
  MARKET_LEVERAGES_INVALID: { code: 2241, status: 400, key: 'error.market_leverages_invalid' },
  MARKET_PARAMS_UNCHANGED: { code: 2242, status: 409, key: 'error.market_params_unchanged' },
  // ADR 183: the clearance fee is 0..5 % of the notional or 100 %, perpetuals only.
  MARKET_LIQUIDATION_FEE_INVALID: { code: 2243, status: 400, key: 'error.market_liquidation_fee_invalid' },

  QUANTITY_OUT_OF_RANGE: { code: 3001, status: 400, key: 'error.quantity_out_of_range' },
  STAKING_LIMIT: { code: 3002, status: 409, key: 'error.staking_limit' },
  ALREADY_VOTED: { code: 3003, status: 409, key: 'error.already_voted' },
  ACTIVITY_UNAVAILABLE: { code: 3004, status: 400, key: 'error.activity_unavailable' },
  SUBSCRIPTION_INVALID: { code: 3005, status: 400, key: 'error.subscription_invalid' },
  ALREADY_CLAIMED: { code: 3006, status: 409, key: 'error.already_claimed' },
  ALREADY_PROCESSED: { code: 3010, status: 409, key: 'error.already_processed' },

  ALREADY_CHECKED_IN: { code: 3101, status: 409, key: 'error.already_checked_in' },

  // Proof of liabilities and statements (issue 13, ADR 140-142): 3200-3219.
  PROOF_NOT_AVAILABLE: { code: 3200, status: 404, key: 'error.proof_not_available' },
  PROOF_NOT_INCLUDED: { code: 3201, status: 404, key: 'error.proof_not_included' },
  SNAPSHOT_TOO_SOON: { code: 3202, status: 429, key: 'error.snapshot_too_soon' },
  STATEMENT_TOO_LARGE: { code: 3203, status: 400, key: 'error.statement_too_large' },

  // API keys for programmatic trading (issue 12 item 4, ADR 202): 3400-3429.
  APIKEY_INVALID: { code: 3400, status: 401, key: 'error.apikey_invalid' },
  APIKEY_SIGNATURE_INVALID: { code: 3401, status: 401, key: 'error.apikey_signature_invalid' },
  APIKEY_TIMESTAMP_INVALID: { code: 3402, status: 401, key: 'error.apikey_timestamp_invalid' },
  APIKEY_REPLAY: { code: 3403, status: 401, key: 'error.apikey_replay' },
  APIKEY_PERMISSION_DENIED: { code: 3404, status: 403, key: 'error.apikey_permission_denied' },
  APIKEY_IP_NOT_ALLOWED: { code: 3405, status: 403, key: 'error.apikey_ip_not_allowed' },
  APIKEY_EXPIRED: { code: 3406, status: 401, key: 'error.apikey_expired' },
  APIKEY_LIMIT: { code: 3407, status: 409, key: 'error.apikey_limit' },
  // Withdrawal address book and allow list (issue 12 item 6, ADR 205): 3410-3414.
  WITHDRAW_ADDRESS_NOT_SAVED: { code: 3410, status: 400, key: 'error.withdraw_address_not_saved' },
  WITHDRAW_ADDRESS_TOO_NEW: { code: 3411, status: 400, key: 'error.withdraw_address_too_new' },
  WITHDRAW_ADDRESS_EXISTS: { code: 3412, status: 409, key: 'error.withdraw_address_exists' },
  WITHDRAW_ADDRESS_LIMIT: { code: 3413, status: 409, key: 'error.withdraw_address_limit' },
  WITHDRAW_HOLD: { code: 3414, status: 409, key: 'error.withdraw_hold' },
  // Support tickets (issue 12 item 2, ADR 208): 3415-3419.
  TICKET_CLOSED: { code: 3415, status: 409, key: 'error.ticket_closed' },
  TICKET_LIMIT: { code: 3416, status: 429, key: 'error.ticket_limit' },
  // Operator console: market settings (issue 10 item 4, ADR 162): 3300-3319.
  MARKET_PAUSED: { code: 3300, status: 409, key: 'error.market_paused' },
} as const satisfies Record<string, { code: number; status: number; key: ServerMessageKey }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorDef = (typeof ERRORS)[ErrorName];
/** Every `code` the API can put into an envelope. */
export type ErrorCode = ErrorDef['code'];

/** Envelope codes that clients handle specially (422 field errors, 401/411 log out). */
export const CODE = {
  OK: 0,
  VALIDATION: 422,
  UNAUTHORIZED: 401,
  SESSION_ENDED: 411,
} as const;

const byCode = new Map<number, ErrorDef>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}
