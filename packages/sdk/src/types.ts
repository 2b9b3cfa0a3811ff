import type { BodyOf, QueryParamsOf, ResponseOf } from './endpoint.ts';

/**
 * Request and response shapes of the API. Where `@ex/contract`'s `ENDPOINTS` has the endpoint, the
 * type is read from its zod schema (so a renamed field breaks the build); the few others follow
 * API.md until the contract lists them. Amounts and prices are decimal strings, times epoch ms, ids
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
export type BindRequest = BodyOf<'bind'>;
export type ApiKeyCreateRequest = BodyOf<'apiKeyCreate'>;
export type ApiKeyItem = ResponseOf<'apiKeys'>[number];
export type TotpStatus = ResponseOf<'totpStatus'>;
export type Protection = ResponseOf<'protection'>;
export type AntiPhishingRequest = BodyOf<'antiPhishing'>;
export type AddressBook = ResponseOf<'addressBook'>;
export type AddressCreateRequest = BodyOf<'addressCreate'>;
export type AllowlistRequest = BodyOf<'addressAllowlist'>;
export type DeleteAccountRequest = BodyOf<'accountDelete'>;
export type FaqArticle = ResponseOf<'faq'>[number];
export type SupportTicket = ResponseOf<'tickets'>['list'][number];
export type SupportTicketDetail = ResponseOf<'ticket'>;
export type TicketCreateRequest = BodyOf<'ticketCreate'>;
export type TicketReplyRequest = BodyOf<'ticketReply'>;
export type FaqSaveRequest = BodyOf<'adminFaqCreate'>;

// ---- market ----

export type Coin = ResponseOf<'marketCoins'>[number];
export type MarketKind = Coin['kind'];
export type Leverages = ResponseOf<'leverages'>;

export type KlineInterval = NonNullable<QueryParamsOf<'marketKlines'>['interval']>;
/** [price, quantity] */
export type DepthLevel = ResponseOf<'marketDepth'>['bids'][number];
export type Depth = ResponseOf<'marketDepth'>;
export type Trade = ResponseOf<'marketTrades'>[number];
/** [open_ts, open, high, low, close, volume] */
export type Kline = ResponseOf<'marketKlines'>[number];
export type Funding = ResponseOf<'contractFunding'>;

// ---- wallet ----

export type WithdrawCoin = ResponseOf<'withdrawCoins'>[number];
export type WithdrawNetwork = WithdrawCoin['networks'][number];

export type Balances = ResponseOf<'walletBalances'>;
export type SpotBalance = Balances['spot'][number];
export type TransferRequest = BodyOf<'walletTransfer'>;
export type WalletAccount = TransferRequest['from'];
export type Transfer = ResponseOf<'walletTransfer'>;
export type LedgerQuery = QueryParamsOf<'walletLedger'>;
export type LedgerEntry = ResponseOf<'walletLedger'>['list'][number];
export type LedgerType = LedgerEntry['type'];

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

/** Deposits and withdrawals as the loosely typed `wallet.*` calls return them (see `chain.*`). */
export interface WalletRecord {
  id: string;
  coin: string;
  amount: DecimalString;
  status: string;
  created_at: EpochMs;
  [field: string]: unknown;
}

// ---- spot ----

export type SpotOrderRequest = BodyOf<'spotPlaceOrder'>;
export type Side = SpotOrderRequest['side'];
export type OrderType = SpotOrderRequest['type'];
export type SpotOrdersQuery = QueryParamsOf<'spotOrders'>;
export type SpotOrder = ResponseOf<'spotPlaceOrder'>;
export type OrderStatus = SpotOrder['status'];
export type CancelAllRequest = BodyOf<'spotCancelAll'>;

// ---- contract ----

export type ContractOrderRequest = BodyOf<'contractPlaceOrder'>;
export type ContractAction = ContractOrderRequest['action'];
export type MarginMode = ContractOrderRequest['margin_mode'];
export type ContractOrdersQuery = QueryParamsOf<'contractOrders'>;
export type ContractOrder = ResponseOf<'contractPlaceOrder'>;
export type Position = ResponseOf<'contractMargin'>;
export type MarginRequest = BodyOf<'contractMargin'>;
export type TpslRequest = BodyOf<'contractTpsl'>;
export type ClosePositionRequest = BodyOf<'contractClose'>;
export type ContractAmendRequest = BodyOf<'contractAmendOrder'>;
export type ContractCancelAllRequest = BodyOf<'contractCancelAll'>;
export type ContractCloseAllRequest = BodyOf<'contractCloseAll'>;
export type ContractCloseAllResult = ResponseOf<'contractCloseAll'>;
export type ContractOrderType = ContractOrderRequest['type'];
export type LeverageRequest = BodyOf<'contractLeverage'>;
export type LeverageResult = ResponseOf<'contractLeverage'>;
export type PositionModeRequest = BodyOf<'contractSetPositionMode'>;
export type PositionModeResult = ResponseOf<'contractPositionMode'>;

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
