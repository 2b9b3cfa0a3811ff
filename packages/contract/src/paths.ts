import { z } from 'zod';
import {
  AreaCodeList,
  AuthResponse,
  BindRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  CountryList,
  ForgetRequest,
  LoginHistoryPage,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  SendCodeRequest,
  SessionList,
  TradePasswordRequest,
  User,
} from './account.ts';
import { AdminAuthResponse, AdminLoginRequest, OutboxPage } from './admin.ts';
import { ApiKeyCreated, ApiKeyCreateRequest, ApiKeyList } from './apikeys.ts';
import {
  ClosePositionRequest,
  ContractOrder,
  ContractOrderPage,
  ContractOrderRequest,
  ContractOrdersQuery,
  Funding,
  FundingQuery,
  LeverageRequest,
  LeverageResponse,
  MarginRequest,
  Position,
  PositionList,
  TpslRequest,
} from './contract.ts';
import {
  Depth,
  DepthQuery,
  KlineList,
  KlinesQuery,
  Leverages,
  MarketCoinList,
  PublicTradeList,
  TradesQuery,
} from './market.ts';
import { UserSummary } from './ops.ts';
import { PageQuery } from './pagination.ts';
import {
  CancelAllRequest,
  CancelAllResponse,
  SpotOrder,
  SpotOrderPage,
  SpotOrderRequest,
  SpotOrdersQuery,
} from './spot.ts';
import {
  AppConfig,
  CaptchaResponse,
  Health,
  UpdateRequest,
  UpdateResponse,
  UploadQuery,
  UploadResponse,
} from './system.ts';
import {
  Balances,
  LedgerPage,
  LedgerQuery,
  Transfer,
  TransferPage,
  TransferRequest,
  WithdrawCoinList,
} from './wallet.ts';

interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  auth: 'none' | 'user' | 'admin';
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}

/**
 * The endpoints of the account issue, one entry each: the server registers its routes with these
 * schemas and the SDK derives its calls from them, so a renamed field breaks the build on both sides.
 */
export const ENDPOINTS = {
  config: { method: 'GET', path: '/api/app/config', auth: 'none', response: AppConfig },
  captcha: { method: 'POST', path: '/api/app/captcha', auth: 'none', response: CaptchaResponse },
  sendCode: {
    method: 'POST',
    path: '/api/app/account/captcha',
    auth: 'none',
    body: SendCodeRequest,
    response: z.null(),
  },
  register: {
    method: 'POST',
    path: '/api/app/account/register',
    auth: 'none',
    body: RegisterRequest,
    response: AuthResponse,
  },
  login: {
    method: 'POST',
    path: '/api/app/account/login',
    auth: 'none',
    body: LoginRequest,
    response: AuthResponse,
  },
  forget: {
    method: 'POST',
    path: '/api/app/account/forget',
    auth: 'none',
    body: ForgetRequest,
    response: z.null(),
  },
  logout: { method: 'POST', path: '/api/app/account/logout', auth: 'user', response: z.null() },
  userInfo: { method: 'GET', path: '/api/app/user/info', auth: 'user', response: User },
  tradePassword: {
    method: 'POST',
    path: '/api/app/user/trade-password',
    auth: 'user',
    body: TradePasswordRequest,
    response: z.null(),
  },
  changePassword: {
    method: 'POST',
    path: '/api/app/user/password',
    auth: 'user',
    body: ChangePasswordRequest,
    response: ChangePasswordResponse,
  },
  profile: {
    method: 'POST',
    path: '/api/app/user/profile',
    auth: 'user',
    body: ProfileRequest,
    response: User,
  },
  bind: { method: 'POST', path: '/api/app/user/bind', auth: 'user', body: BindRequest, response: User },
  sessions: { method: 'GET', path: '/api/app/user/sessions', auth: 'user', response: SessionList },
  sessionRevoke: { method: 'DELETE', path: '/api/app/user/sessions/:id', auth: 'user', response: z.null() },
  sessionRevokeOthers: {
    method: 'POST',
    path: '/api/app/user/sessions/revoke-others',
    auth: 'user',
    response: z.null(),
  },
  loginHistory: {
    method: 'GET',
    path: '/api/app/user/login-history',
    auth: 'user',
    query: PageQuery,
    response: LoginHistoryPage,
  },
  apiKeys: { method: 'GET', path: '/api/app/apikeys', auth: 'user', response: ApiKeyList },
  apiKeyCreate: {
    method: 'POST',
    path: '/api/app/apikeys',
    auth: 'user',
    body: ApiKeyCreateRequest,
    response: ApiKeyCreated,
  },
  apiKeyDelete: {
    method: 'DELETE',
    path: '/api/app/apikeys/:id',
    auth: 'user',
    response: z.null(),
  },
  areaCodes: { method: 'GET', path: '/api/app/account/area_code', auth: 'none', response: AreaCodeList },
  countries: { method: 'GET', path: '/api/app/country', auth: 'none', response: CountryList },
  upload: {
    method: 'POST',
    path: '/api/app/images/upload',
    auth: 'user',
    query: UploadQuery,
    response: UploadResponse,
  },
  marketCoins: { method: 'GET', path: '/api/app/market/coins', auth: 'none', response: MarketCoinList },
  leverages: { method: 'GET', path: '/api/app/leverages', auth: 'none', response: Leverages },
  withdrawCoins: {
    method: 'GET',
    path: '/api/app/wallet/withdraw/coins',
    auth: 'none',
    response: WithdrawCoinList,
  },
  // ---- market data (public) ----
  marketDepth: {
    method: 'GET',
    path: '/api/app/market/depth',
    auth: 'none',
    query: DepthQuery,
    response: Depth,
  },
  marketTrades: {
    method: 'GET',
    path: '/api/app/market/trades',
    auth: 'none',
    query: TradesQuery,
    response: PublicTradeList,
  },
  marketKlines: {
    method: 'GET',
    path: '/api/app/market/klines',
    auth: 'none',
    query: KlinesQuery,
    response: KlineList,
  },
  // ---- wallet: balances, spot <-> contract transfers, ledger ----
  walletBalances: { method: 'GET', path: '/api/app/wallet/balances', auth: 'user', response: Balances },
  walletTransfer: {
    method: 'POST',
    path: '/api/app/wallet/transfer',
    auth: 'user',
    body: TransferRequest,
    response: Transfer,
  },
  walletLedger: {
    method: 'GET',
    path: '/api/app/wallet/ledger',
    auth: 'user',
    query: LedgerQuery,
    response: LedgerPage,
  },
  walletTransfers: {
    method: 'GET',
    path: '/api/app/wallet/transfers',
    auth: 'user',
    query: PageQuery,
    response: TransferPage,
  },
  // ---- spot orders ----
  spotPlaceOrder: {
    method: 'POST',
    path: '/api/app/spot/orders',
    auth: 'user',
    body: SpotOrderRequest,
    response: SpotOrder,
  },
  spotOrders: {
    method: 'GET',
    path: '/api/app/spot/orders',
    auth: 'user',
    query: SpotOrdersQuery,
    response: SpotOrderPage,
  },
  spotCancelOrder: { method: 'DELETE', path: '/api/app/spot/orders/:id', auth: 'user', response: SpotOrder },
  spotCancelAll: {
    method: 'POST',
    path: '/api/app/spot/orders/cancel-all',
    auth: 'user',
    body: CancelAllRequest,
    response: CancelAllResponse,
  },
  // ---- perpetual contracts ----
  contractPlaceOrder: {
    method: 'POST',
    path: '/api/app/contract/orders',
    auth: 'user',
    body: ContractOrderRequest,
    response: ContractOrder,
  },
  contractOrders: {
    method: 'GET',
    path: '/api/app/contract/orders',
    auth: 'user',
    query: ContractOrdersQuery,
    response: ContractOrderPage,
  },
  contractCancelOrder: {
    method: 'DELETE',
    path: '/api/app/contract/orders/:id',
    auth: 'user',
    response: ContractOrder,
  },
  contractPositions: {
    method: 'GET',
    path: '/api/app/contract/positions',
    auth: 'user',
    response: PositionList,
  },
  contractMargin: {
    method: 'POST',
    path: '/api/app/contract/positions/:id/margin',
    auth: 'user',
    body: MarginRequest,
    response: Position,
  },
  contractTpsl: {
    method: 'POST',
    path: '/api/app/contract/positions/:id/tpsl',
    auth: 'user',
    body: TpslRequest,
    response: Position,
  },
  contractClose: {
    method: 'POST',
    path: '/api/app/contract/positions/:id/close',
    auth: 'user',
    body: ClosePositionRequest,
    response: ContractOrder,
  },
  contractLeverage: {
    method: 'POST',
    path: '/api/app/contract/leverage',
    auth: 'user',
    body: LeverageRequest,
    response: LeverageResponse,
  },
  contractFunding: {
    method: 'GET',
    path: '/api/app/contract/funding',
    auth: 'none',
    query: FundingQuery,
    response: Funding,
  },
  update: {
    method: 'POST',
    path: '/api/app/update',
    auth: 'none',
    body: UpdateRequest,
    response: UpdateResponse,
  },
  health: { method: 'GET', path: '/api/health', auth: 'none', response: Health },
  adminLogin: {
    method: 'POST',
    path: '/api/admin/login',
    auth: 'none',
    body: AdminLoginRequest,
    response: AdminAuthResponse,
  },
  adminOutbox: {
    method: 'GET',
    path: '/api/admin/outbox',
    auth: 'admin',
    query: PageQuery,
    response: OutboxPage,
  },
  adminBanUser: { method: 'POST', path: '/api/admin/users/:id/ban', auth: 'admin', response: UserSummary },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
