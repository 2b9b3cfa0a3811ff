import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { PageQuery, pageOf } from './pagination.ts';

export const WithdrawNetwork = z.object({
  network: z.string(),
  fee: z.string(),
  min: z.string(),
  max: z.string(),
});
export const WithdrawCoin = z.object({ coin: z.string(), networks: z.array(WithdrawNetwork) });
export type WithdrawCoin = z.infer<typeof WithdrawCoin>;
export const WithdrawCoinList = z.array(WithdrawCoin);

// ---- balances, transfers and the ledger (API.md Wallet) ----

/** The coins the wallet holds; the per-coin scale is checked by the server. */
export const Coin = z.enum(['USDC', 'BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE']);
export type Coin = z.infer<typeof Coin>;
export const WalletAccount = z.enum(['spot', 'contract']);
export type WalletAccount = z.infer<typeof WalletAccount>;

export const SpotBalance = z.object({ coin: z.string(), available: z.string(), frozen: z.string() });
export const Balances = z.object({
  spot: z.array(SpotBalance),
  /**
   * The futures (USDC) account. `available` and `frozen` are the cross wallet's ledger balances
   * (`frozen`: the holds of open opening orders, the order margin). ADR 221 adds what a
   * Bybit/Binance user reads on the account: `wallet_balance` (cross wallet plus isolated margins;
   * `equity` = wallet_balance + unrealized_pnl), `position_margin` (cross initial margin at the
   * mark plus isolated margin) and `free_collateral` (what a new order, added margin or a transfer
   * out may still use: available + min(cross uPnL, 0) - cross initial margin).
   */
  contract: z.object({
    coin: z.string(),
    available: z.string(),
    frozen: z.string(),
    equity: z.string(),
    unrealized_pnl: z.string(),
    wallet_balance: z.string(),
    position_margin: z.string(),
    free_collateral: z.string(),
  }),
});
export type Balances = z.infer<typeof Balances>;

export const TransferRequest = z.strictObject({
  from: WalletAccount,
  to: WalletAccount,
  coin: Coin,
  amount: decimalString({ scale: 8 }),
});
export type TransferRequest = z.infer<typeof TransferRequest>;

export const Transfer = z.object({
  id: z.string(),
  coin: z.string(),
  from: WalletAccount,
  to: WalletAccount,
  amount: z.string(),
  status: z.string(),
  created_at: z.number().int(),
});
export type Transfer = z.infer<typeof Transfer>;
export const TransferPage = pageOf(Transfer);

export const LEDGER_TYPES = [
  'withdraw',
  'deposit',
  'transferIn',
  'transferOut',
  'postingOrder',
  'execution',
  'withdrawRefund',
  'positionMargin',
  'positionClose',
  'positionFee',
  'system',
  'refundPostingOrder',
  'ieo',
] as const;
export const LedgerType = z.enum(LEDGER_TYPES);

/** Repeated query keys arrive as an array, a single one as a string. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(20).optional());

export const LedgerQuery = z.strictObject({
  ...PageQuery.shape,
  account: WalletAccount.optional(),
  type: oneOrMany(LedgerType),
  coin: Coin.optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/**
 * What a ledger entry belongs to, read from its type and raw `ref_id` where that is unambiguous
 * (ADR 244). An order is always one of the caller's own; a format the server does not know gives no
 * `ref` (the raw `ref_id` is still there).
 */
/**
 * The caller's perpetual position an entry belongs to (ADR 245): `position_id` is the contract API's
 * position id (`SYMBOL:mode:side`), with its side and margin mode spelled out. The position may be
 * closed by now; its orders stay in the contract order history.
 */
const LedgerPositionFields = {
  position_id: z.string().optional(),
  side: z.enum(['long', 'short']).optional(),
  margin_mode: z.enum(['cross', 'isolated']).optional(),
};

/**
 * The products around trading whose money moves are `system` (or `ieo`) ledger entries (ADR 255),
 * and the steps of each that reach a user's own account: `convert` either leg of a flash
 * conversion, `buy` / `sell` an OTC order's coins, `subscribe` the money put into an IEO, AI quant
 * or staking product, `allot` the IEO tokens allotted, `redeem` principal (and AI interest) paid
 * back, `interest` staking interest, `claim` a dividend, `refund` money given back (a conversion the
 * float could not pay, a rejected OTC sale or stake, the unallotted part of an IEO subscription).
 */
export const LEDGER_PRODUCT_STEPS = {
  flash: ['convert', 'refund'],
  otc: ['buy', 'sell', 'refund'],
  ieo: ['subscribe', 'allot', 'refund'],
  ai: ['subscribe', 'redeem'],
  staking: ['subscribe', 'redeem', 'interest', 'refund'],
  dividend: ['claim'],
} as const;
export type LedgerProduct = keyof typeof LEDGER_PRODUCT_STEPS;
export type LedgerProductStep = (typeof LEDGER_PRODUCT_STEPS)[LedgerProduct][number];
export const LEDGER_PRODUCTS = Object.keys(LEDGER_PRODUCT_STEPS) as LedgerProduct[];
const LEDGER_PRODUCT_STEP_NAMES = [
  ...new Set(Object.values(LEDGER_PRODUCT_STEPS).flat()),
] as LedgerProductStep[];

export const LedgerRef = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    order_id: z.string(),
    /** The order's market, e.g. BTC_USDC or BTC_USDC_PERP. */
    market: z.string().optional(),
    /** Set when the entry settles one fill of the order. */
    trade_id: z.string().optional(),
    /** A perpetual close (`positionClose`): the position the fill reduced (ADR 245). */
    ...LedgerPositionFields,
  }),
  z.object({ kind: z.literal('funding'), market: z.string(), at: z.number().int() }),
  z.object({ kind: z.literal('transfer'), transfer_id: z.string() }),
  z.object({ kind: z.literal('deposit'), deposit_id: z.string() }),
  /**
   * The demo's starting funds (ADR 252): a deposit the seed minted (`seed-` command id), with no
   * coin behind it. Reads as the demo's starting credit, not as a deposit of BTC or ETH.
   */
  z.object({ kind: z.literal('demo_credit') }),
  z.object({ kind: z.literal('withdrawal'), withdrawal_id: z.string() }),
  /**
   * A liquidation of the caller's position (ADR 245): the position, and `order_id`, the
   * engine-made order of origin `liquidation` in the caller's contract order history, where one
   * row is unambiguously this entry's.
   */
  z.object({
    kind: z.literal('liquidation'),
    market: z.string(),
    ...LedgerPositionFields,
    order_id: z.string().optional(),
  }),
  /** An auto-deleveraging close of the caller's position; `order_id` the order of origin `adl`. */
  z.object({
    kind: z.literal('adl'),
    market: z.string(),
    ...LedgerPositionFields,
    order_id: z.string().optional(),
  }),
  /**
   * Profit of the caller's open cross position realised at the mark to pay a loss or a payment of
   * the same account (ADR 245). `cause` is what needed it: a close by the caller's order
   * (`order_id`, `trade_id`), a liquidation or an ADL (`order_id` where unambiguous), or funding.
   */
  z.object({
    kind: z.literal('realised'),
    market: z.string(),
    ...LedgerPositionFields,
    cause: z.enum(['order', 'liquidation', 'adl', 'funding']).optional(),
    order_id: z.string().optional(),
    trade_id: z.string().optional(),
  }),
  /**
   * A money move of one of the caller's product records (ADR 255): `record_id` is the flash
   * conversion, OTC order, IEO subscription, AI quant subscription, stake or dividend claim, as the
   * product's own history lists it. `step` is one of `LEDGER_PRODUCT_STEPS[product]`.
   */
  z.object({
    kind: z.literal('product'),
    product: z.enum(LEDGER_PRODUCTS as [LedgerProduct, ...LedgerProduct[]]),
    step: z.enum(LEDGER_PRODUCT_STEP_NAMES as [LedgerProductStep, ...LedgerProductStep[]]),
    record_id: z.string(),
  }),
]);
export type LedgerRef = z.infer<typeof LedgerRef>;

/** One change of a wallet's available balance (frozen moves show as the available side of them). */
export const LedgerEntry = z.object({
  id: z.string(),
  account: WalletAccount,
  coin: z.string(),
  type: LedgerType,
  amount: z.string(),
  balance_after: z.string(),
  ref_id: z.string(),
  created_at: z.number().int(),
  /** What the entry belongs to (ADR 244); absent where `ref_id` has no known, unambiguous format. */
  ref: LedgerRef.optional(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerPage = pageOf(LedgerEntry);
