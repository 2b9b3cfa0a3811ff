/**
 * Numbered result codes of the ledger, spot, perpetual and engine subsystems (exchange-core's
 * CommandResultCode habit). Expected refusals are values, never exceptions; the server maps these
 * numbers to its error catalogue and HTTP statuses. Numbers are stable: never renumber, only append.
 *
 *   0        success
 *   1xx      ledger
 *   2xx      spot settlement
 *   3xx      perpetual contracts
 *   4xx      engine / command validation
 */
export const ResultCode = {
  OK: 0,

  LEDGER_UNBALANCED: 100,
  LEDGER_INSUFFICIENT_AVAILABLE: 101,
  LEDGER_INSUFFICIENT_FROZEN: 102,
  LEDGER_AMOUNT_NOT_POSITIVE: 103,
  /** "Transfer accounts cannot be the same" (product spec, section 5). */
  LEDGER_TRANSFER_SAME_ACCOUNT: 104,
  LEDGER_EMPTY_ENTRY: 105,
  LEDGER_UNKNOWN_ASSET: 106,

  SPOT_UNKNOWN_MARKET: 200,
  SPOT_INSUFFICIENT_BALANCE: 201,
  SPOT_INVALID_PRICE: 202,
  SPOT_INVALID_QUANTITY: 203,
  SPOT_DUPLICATE_ORDER_ID: 204,
  SPOT_UNKNOWN_ORDER: 205,
  SPOT_NOT_ORDER_OWNER: 206,
  SPOT_REJECTED_BY_BOOK: 207,
  SPOT_MARKET_BUY_NEEDS_QUOTE_AMOUNT: 208,

  PERP_UNKNOWN_MARKET: 300,
  PERP_LEVERAGE_NOT_ALLOWED: 301,
  PERP_INSUFFICIENT_MARGIN: 302,
  PERP_NO_POSITION: 303,
  PERP_CLOSE_EXCEEDS_POSITION: 304,
  PERP_INVALID_PRICE: 305,
  PERP_INVALID_QUANTITY: 306,
  PERP_DUPLICATE_ORDER_ID: 307,
  PERP_UNKNOWN_ORDER: 308,
  PERP_NOT_ORDER_OWNER: 309,
  PERP_MARGIN_BELOW_INITIAL: 310,
  PERP_LEVERAGE_CHANGE_WITH_POSITION: 311,
  PERP_NO_MARK_PRICE: 312,
  PERP_INVALID_TPSL: 313,
  PERP_REJECTED_BY_BOOK: 314,
  PERP_RISK_LIMIT_EXCEEDED: 315,
  PERP_NOT_ISOLATED: 316,
  /** A conditional order whose trigger is missing, on the wrong side, or at the current price. */
  PERP_INVALID_TRIGGER: 317,
  /** An amend the book refuses (a new price that would cross: amend never trades). */
  PERP_AMEND_REFUSED: 318,
  /** A leverage change the position's margin or the open orders' holds cannot carry. */
  PERP_LEVERAGE_MARGIN: 319,
  /** A position mode change while the user has a position, an open order or a waiting conditional order. */
  PERP_POSITION_MODE_BUSY: 320,
  /** A position mode other than hedge or one_way (or for the insurance fund). */
  PERP_INVALID_POSITION_MODE: 321,

  ENGINE_UNKNOWN_COMMAND: 400,
  ENGINE_DUPLICATE_REFERENCE: 401,
  ENGINE_UNKNOWN_WITHDRAWAL: 402,
  ENGINE_INVALID_AMOUNT: 403,
  ENGINE_UNKNOWN_ASSET: 404,
  ENGINE_TIME_WENT_BACKWARDS: 405,
  ENGINE_INVALID_ACCOUNT: 406,
  /** setMarketParams (ADR 154): no market with that symbol. */
  ENGINE_UNKNOWN_MARKET: 407,
  /** setMarketParams: a fee outside 0..MAX_FEE_PPM, not an integer, or a maker fee above the taker fee. */
  ENGINE_INVALID_FEE: 408,
  /** setMarketParams: a leverage list that is empty, unsorted, repeats, or exceeds the market's tiers (or a spot market). */
  ENGINE_INVALID_LEVERAGES: 409,
  /** setMarketParams (ADR 183): a clearance fee outside 0..MAX_LIQUIDATION_FEE_PPM and not 1,000,000, or a spot market. */
  ENGINE_INVALID_LIQUIDATION_FEE: 410,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

const names = new Map<number, string>(Object.entries(ResultCode).map(([k, v]) => [v, k]));

/** The constant's name for logs and error messages, e.g. `LEDGER_INSUFFICIENT_AVAILABLE`. */
export function resultCodeName(code: number): string {
  return names.get(code) ?? `UNKNOWN_${code}`;
}
