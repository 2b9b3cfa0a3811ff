import { z } from 'zod';
import {
  AreaCodeList,
  AuthResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  CountryList,
  ForgetRequest,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  SendCodeRequest,
  TradePasswordRequest,
  User,
} from './account.ts';
import { AdminAuthResponse, AdminLoginRequest, OutboxPage } from './admin.ts';
import { Leverages, MarketCoinList } from './market.ts';
import { PageQuery } from './pagination.ts';
import {
  AppConfig,
  CaptchaResponse,
  Health,
  UpdateRequest,
  UpdateResponse,
  UploadResponse,
} from './system.ts';
import { WithdrawCoinList } from './wallet.ts';

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
  areaCodes: { method: 'GET', path: '/api/app/account/area_code', auth: 'none', response: AreaCodeList },
  countries: { method: 'GET', path: '/api/app/country', auth: 'none', response: CountryList },
  upload: { method: 'POST', path: '/api/app/images/upload', auth: 'user', response: UploadResponse },
  marketCoins: { method: 'GET', path: '/api/app/market/coins', auth: 'none', response: MarketCoinList },
  leverages: { method: 'GET', path: '/api/app/leverages', auth: 'none', response: Leverages },
  withdrawCoins: {
    method: 'GET',
    path: '/api/app/wallet/withdraw/coins',
    auth: 'none',
    response: WithdrawCoinList,
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
  adminBanUser: { method: 'POST', path: '/api/admin/users/:id/ban', auth: 'admin', response: z.null() },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
