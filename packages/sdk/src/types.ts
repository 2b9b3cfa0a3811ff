import type { BodyOf, ResponseOf } from './endpoint.ts';

/**
 * Request and response shapes of the API. Where `@ex/contract` has the endpoint, the type is read
 * from its zod schema (so a renamed field breaks the build); the rest follow API.md and are declared
 * here until the server defines them. Amounts and prices are decimal strings, times epoch ms, ids
 * strings.
 */

/** A decimal number as the API sends it ("1234.56"); never parse it into a JS float. */
export type DecimalString = string;
export type EpochMs = number;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

// Queries are type aliases, not interfaces, so they stay assignable to the client's `Query` record.
export type PageQuery = {
  page?: number;
  limit?: number;
};

export type AccountType = SendCodeRequest['type'];
export type CodeScene = SendCodeRequest['scene'];

// ---- system ----

export type AppConfig = ResponseOf<'config'>;
/** `image` is a data URL (SVG or PNG) to put in an <img src>. */
export type Captcha = ResponseOf<'captcha'>;
export type AreaCode = ResponseOf<'areaCodes'>[number];
export type Country = ResponseOf<'countries'>[number];
export type UploadResult = ResponseOf<'upload'>;
export type UpdateCheckRequest = BodyOf<'update'>;
/** The update check resolves `null` when no newer release applies. */
export type UpdateInfo = NonNullable<ResponseOf<'update'>>;

// ---- account ----

export type SendCodeRequest = BodyOf<'sendCode'>;
export type RegisterRequest = BodyOf<'register'>;
export type LoginRequest = BodyOf<'login'>;
export type ForgetRequest = BodyOf<'forget'>;
export type User = ResponseOf<'userInfo'>;
export type AuthResult = ResponseOf<'login'>;
export type TradePasswordRequest = BodyOf<'tradePassword'>;
export type ChangePasswordRequest = BodyOf<'changePassword'>;
export type ChangePasswordResult = ResponseOf<'changePassword'>;
export type UpdateProfileRequest = BodyOf<'profile'>;

// ---- market ----

export type Coin = ResponseOf<'marketCoins'>[number];
export type MarketKind = Coin['kind'];
export type Leverages = ResponseOf<'leverages'>;

export type KlineInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';

/** [price, quantity] */
export type DepthLevel = [DecimalString, DecimalString];

export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
  ts: EpochMs;
}

export interface Trade {
  id: string;
  price: DecimalString;
  qty: DecimalString;
  side: 'buy' | 'sell';
  ts: EpochMs;
}

/** [open_ts, open, high, low, close, volume] */
export type Kline = [EpochMs, DecimalString, DecimalString, DecimalString, DecimalString, DecimalString];

export interface Funding {
  rate: DecimalString;
  next_funding_time: EpochMs;
  mark_price: DecimalString;
  index_price: DecimalString;
}

// ---- wallet ----

export type WalletAccount = 'spot' | 'contract';

export type WithdrawCoin = ResponseOf<'withdrawCoins'>[number];
export type WithdrawNetwork = WithdrawCoin['networks'][number];

export interface SpotBalance {
  coin: string;
  available: DecimalString;
  frozen: DecimalString;
}

export interface Balances {
  spot: SpotBalance[];
  contract: {
    coin: string;
    available: DecimalString;
    frozen: DecimalString;
    equity: DecimalString;
    unrealized_pnl: DecimalString;
  };
}

export interface TransferRequest {
  from: WalletAccount;
  to: WalletAccount;
  coin: string;
  amount: DecimalString;
}

export type LedgerType =
  | 'withdraw'
  | 'deposit'
  | 'transferIn'
  | 'transferOut'
  | 'postingOrder'
  | 'execution'
  | 'withdrawRefund'
  | 'positionMargin'
  | 'positionClose'
  | 'positionFee'
  | 'system'
  | 'refundPostingOrder'
  | 'ieo';

export type LedgerQuery = PageQuery & {
  account?: WalletAccount;
  type?: LedgerType | LedgerType[];
};

export interface LedgerEntry {
  id: string;
  account: WalletAccount;
  coin: string;
  type: LedgerType;
  amount: DecimalString;
  balance_after: DecimalString;
  ref_id: string;
  created_at: EpochMs;
}

export interface DepositAddress {
  coin: string;
  network: string;
  address: string;
}

export interface WithdrawRequest {
  coin: string;
  network: string;
  address: string;
  amount: DecimalString;
  trade_password: string;
}

/** Records whose full field lists the server defines later; the known fields are typed. */
export interface WalletRecord {
  id: string;
  coin: string;
  amount: DecimalString;
  status: string;
  created_at: EpochMs;
  [field: string]: unknown;
}

// ---- spot ----

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

export interface SpotOrderRequest {
  symbol: string;
  side: Side;
  type: OrderType;
  price?: DecimalString;
  quantity?: DecimalString;
  /** A market buy may give the amount to spend instead of a quantity. */
  quote_amount?: DecimalString;
  client_order_id?: string;
}

export type SpotOrdersQuery = PageQuery & {
  status?: 'open' | 'history';
  symbol?: string;
};

export interface SpotOrder {
  id: string;
  symbol: string;
  side: Side;
  type: OrderType;
  price: DecimalString | null;
  quantity: DecimalString;
  status: string;
  created_at: EpochMs;
  [field: string]: unknown;
}

// ---- contract ----

export type ContractAction = 'open_long' | 'open_short' | 'close_long' | 'close_short';
export type MarginMode = 'cross' | 'isolated';

export interface ContractOrderRequest {
  symbol: string;
  action: ContractAction;
  type: OrderType;
  price?: DecimalString;
  quantity: DecimalString;
  leverage: number;
  margin_mode: MarginMode;
  tp_price?: DecimalString;
  sl_price?: DecimalString;
}

export type ContractOrdersQuery = PageQuery & {
  status?: string | string[];
  symbol?: string;
};

export interface ContractOrder {
  id: string;
  symbol: string;
  action: ContractAction;
  type: OrderType;
  status: string;
  [field: string]: unknown;
}

export interface Position {
  id: string;
  symbol: string;
  side: 'long' | 'short';
  margin_mode: MarginMode;
  leverage: number;
  [field: string]: unknown;
}

export interface MarginRequest {
  action: 'add' | 'reduce';
  amount: DecimalString;
}

export interface TpslRequest {
  tp_price?: DecimalString;
  sl_price?: DecimalString;
}

export interface ClosePositionRequest {
  type?: OrderType;
  price?: DecimalString;
  quantity?: DecimalString;
}

export interface LeverageRequest {
  symbol: string;
  leverage: number;
  margin_mode: MarginMode;
}

// ---- admin ----

export type AdminLoginRequest = BodyOf<'adminLogin'>;
export type AdminLoginResult = ResponseOf<'adminLogin'>;
export type Admin = AdminLoginResult['admin'];
export type OutboxEntry = ResponseOf<'adminOutbox'>['list'][number];

export interface ChainDepositRequest {
  address: string;
  amount: DecimalString;
  txid: string;
}

export interface ReviewRecord {
  id: string;
  status: string;
  [field: string]: unknown;
}

export interface Release {
  id: string;
  version: string;
  md5: string;
  sha256: string;
  signature: string;
  download_path: string;
  [field: string]: unknown;
}
