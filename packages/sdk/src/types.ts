/**
 * Request and response shapes of the API (API.md plus the agreed account contract). Amounts and
 * prices are decimal strings, times epoch milliseconds, ids strings. Where `@ex/contract` publishes a
 * schema, the type is re-exported from there (see ./contract-types.ts) so a renamed field breaks the
 * build; the rest are declared here until the server side defines them.
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

export type AccountType = 'email' | 'phone';
export type CodeScene = 'register' | 'forget' | 'bind' | 'security';

// ---- system ----

export interface AppConfig {
  captcha: boolean;
  image_base_url: string;
  langs: string[];
  default_lang: string;
  server_time: EpochMs;
}

export interface Captcha {
  key: string;
  /** A data URL (SVG or PNG) to put in an <img src>. */
  image: string;
}

export interface AreaCode {
  code: string;
  country: string;
  name: string;
}

export interface Country {
  code: string;
  name: string;
}

export interface UploadResult {
  path: string;
  url: string;
}

export interface UpdateCheckRequest {
  platform: string;
  device_id: string;
  app_version: string;
  plugin_version: string;
}

export interface UpdateInfo {
  latest_version: string;
  /** Text per language, or one text. */
  release_content: string | Record<string, string>;
  download_path: string;
  md5_sum: string;
}

// ---- account ----

interface CaptchaFields {
  captcha_key?: string;
  captcha_code?: string;
}

export interface SendCodeRequest extends CaptchaFields {
  type: AccountType;
  account: string;
  area_code?: string;
  scene: CodeScene;
}

export interface RegisterRequest extends CaptchaFields {
  type: AccountType;
  account: string;
  password: string;
  password_confirmation: string;
  code?: string;
  invite_code?: string;
  area_code?: string;
}

export interface LoginRequest extends CaptchaFields {
  type: AccountType;
  account: string;
  password: string;
  area_code?: string;
}

export interface ForgetRequest {
  type: AccountType;
  account: string;
  area_code?: string;
  code: string;
  password: string;
  password_confirmation: string;
}

export interface User {
  id: string;
  nickname: string | null;
  avatar: string | null;
  points: number;
  verified: boolean;
  member_level: number;
  invite_code: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  has_trade_password: boolean;
  created_at: EpochMs;
}

export interface AuthResult {
  token: string;
  user: User;
}

export interface TradePasswordRequest {
  password: string;
  password_confirmation: string;
  code: string;
}

export interface ChangePasswordRequest {
  old_password: string;
  password: string;
  password_confirmation: string;
}

export interface UpdateProfileRequest {
  nickname?: string;
  avatar?: string;
}

// ---- market ----

export type MarketKind = 'spot' | 'perp';

export interface Coin {
  symbol: string;
  base: string;
  quote: string;
  kind: MarketKind;
  last: DecimalString;
  change_pct: DecimalString;
  high: DecimalString;
  low: DecimalString;
  volume: DecimalString;
  amount: DecimalString;
  price_scale: number;
  qty_scale: number;
}

export type Leverages = { values: number[] } | Record<string, number[]>;

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

export interface WithdrawNetwork {
  network: string;
  fee: DecimalString;
  min: DecimalString;
  max: DecimalString;
}

export interface WithdrawCoin {
  coin: string;
  networks: WithdrawNetwork[];
}

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

export interface AdminLoginRequest {
  email: string;
  password: string;
}

export interface Admin {
  id: string;
  email: string;
  [field: string]: unknown;
}

export interface AdminLoginResult {
  token: string;
  admin: Admin;
}

export interface OutboxEntry {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  code: string | null;
  scene: string | null;
  created_at: EpochMs;
}

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
