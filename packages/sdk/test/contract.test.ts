import { ENDPOINTS, type EndpointName } from '@ex/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type Api, createApi } from '../src/index.ts';
import { type Harness, harness, ok } from './server.ts';

let h: Harness;
afterEach(async () => {
  await h.server.close();
});

const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

/** How the SDK reaches each endpoint of the contract table; `health` is for probes, not for apps. */
const invoke: Record<Exclude<EndpointName, 'health'>, (api: Api) => Promise<unknown>> = {
  config: (api) => api.system.config(),
  captcha: (api) => api.account.captcha(),
  sendCode: (api) => api.account.sendCode({ type: 'email', account: 'a@example.com', scene: 'register' }),
  register: (api) =>
    api.account.register({
      type: 'email',
      account: 'a@example.com',
      password: 'abc12345',
      password_confirmation: 'abc12345',
      code: '123456',
      invite_code: 'X',
    }),
  login: (api) => api.account.login({ type: 'email', account: 'a@example.com', password: 'abc12345' }),
  forget: (api) =>
    api.account.forget({
      type: 'email',
      account: 'a@example.com',
      code: '123456',
      password: 'abc12345',
      password_confirmation: 'abc12345',
    }),
  logout: (api) => api.account.logout(),
  userInfo: (api) => api.user.info(),
  tradePassword: (api) =>
    api.user.setTradePassword({ password: 'abc12345', password_confirmation: 'abc12345', code: '123456' }),
  changePassword: (api) =>
    api.user.changePassword({ old_password: 'x', password: 'abc12345', password_confirmation: 'abc12345' }),
  profile: (api) => api.user.updateProfile({ nickname: 'ann' }),
  bind: (api) => api.user.bind({ type: 'email', account: 'new@example.com', code: '123456' }),
  apiKeys: (api) => api.apiKeys.list(),
  sessions: (api) => api.user.sessions(),
  sessionRevoke: (api) => api.user.revokeSession('42'),
  sessionRevokeOthers: (api) => api.user.revokeOtherSessions(),
  loginHistory: (api) => api.user.loginHistory({ page: 1 }),
  apiKeyCreate: (api) => api.apiKeys.create({ label: 'bot', permissions: ['read'], password: 'x' }),
  apiKeyDelete: (api) => api.apiKeys.remove('42'),
  totpStatus: (api) => api.user.totpStatus(),
  totpSetup: (api) => api.user.totpSetup(),
  totpEnable: (api) => api.user.totpEnable('123456'),
  totpDisable: (api) => api.user.totpDisable('123456'),
  protection: (api) => api.user.protection(),
  antiPhishing: (api) => api.user.setAntiPhishing({ code: 'Blue42' }),
  addressBook: (api) => api.user.addresses(),
  addressCreate: (api) =>
    api.user.addAddress({ coin: 'USDC', network: 'TRC20', address: 'T1', label: 'cold' }),
  addressDelete: (api) => api.user.removeAddress('42'),
  addressAllowlist: (api) => api.user.setAllowlist({ enabled: true }),
  accountExport: (api) => api.user.exportData(),
  accountDelete: (api) => api.user.deleteAccount({ password: 'x' }),
  faq: (api) => api.support.faq(),
  tickets: (api) => api.support.tickets({ page: 1 }),
  ticketCreate: (api) => api.support.create({ subject: 's', body: 'b' }),
  ticket: (api) => api.support.ticket('42'),
  ticketReply: (api) => api.support.reply('42', { body: 'b' }),
  supportUnread: (api) => api.support.unread(),
  adminFaq: (api) => api.support.admin.faq(),
  adminFaqCreate: (api) => api.support.admin.createFaq({ title: { de: 't' }, body: { de: 'b' } }),
  adminFaqUpdate: (api) => api.support.admin.updateFaq('42', { title: { de: 't' }, body: { de: 'b' } }),
  adminFaqDelete: (api) => api.support.admin.deleteFaq('42'),
  adminTickets: (api) => api.support.admin.tickets({ status: 'open' }),
  adminTicket: (api) => api.support.admin.ticket('42'),
  adminTicketReply: (api) => api.support.admin.reply('42', { body: 'b' }),
  adminTicketClose: (api) => api.support.admin.close('42'),
  areaCodes: (api) => api.account.areaCodes(),
  countries: (api) => api.system.countries(),
  upload: (api) => api.system.upload(image),
  marketCoins: (api) => api.market.coins(),
  leverages: (api) => api.market.leverages(),
  withdrawCoins: (api) => api.wallet.withdrawCoins(),
  marketDepth: (api) => api.market.depth({ symbol: 'BTC_USDC', limit: 20 }),
  marketTrades: (api) => api.market.trades({ symbol: 'BTC_USDC' }),
  marketKlines: (api) => api.market.klines({ symbol: 'BTC_USDC', interval: '1m' }),
  walletBalances: (api) => api.wallet.balances(),
  walletTransfer: (api) => api.wallet.transfer({ from: 'spot', to: 'contract', coin: 'USDC', amount: '1' }),
  walletLedger: (api) => api.wallet.ledger({ account: 'spot', type: ['deposit', 'execution'] }),
  walletTransfers: (api) => api.wallet.transfers({ page: 1 }),
  spotPlaceOrder: (api) =>
    api.spot.placeOrder({ symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '1', quantity: '1' }),
  spotOrders: (api) => api.spot.orders({ status: 'history' }),
  spotCancelOrder: (api) => api.spot.cancelOrder('42'),
  spotCancelAll: (api) => api.spot.cancelAll(),
  contractPlaceOrder: (api) =>
    api.contract.placeOrder({
      symbol: 'BTC_USDC_PERP',
      action: 'open_long',
      type: 'market',
      quantity: '0.001',
      leverage: 10,
      margin_mode: 'cross',
    }),
  contractOrders: (api) => api.contract.orders({ status: 'open' }),
  contractCancelOrder: (api) => api.contract.cancelOrder('42'),
  contractAmendOrder: (api) => api.contract.amendOrder('42', { price: '97000' }),
  contractCancelAll: (api) => api.contract.cancelAll({ symbol: 'BTC_USDC_PERP' }),
  contractPositions: (api) => api.contract.positions(),
  contractMargin: (api) => api.contract.adjustMargin('42', { action: 'add', amount: '1' }),
  contractTpsl: (api) => api.contract.setTpsl('42', { tp_price: '1' }),
  contractClose: (api) => api.contract.closePosition('42'),
  contractCloseAll: (api) => api.contract.closeAll({ symbol: 'BTC_USDC_PERP' }),
  contractLeverage: (api) =>
    api.contract.setLeverage({ symbol: 'BTC_USDC_PERP', leverage: 10, margin_mode: 'cross' }),
  contractPositionMode: (api) => api.contract.positionMode(),
  contractSetPositionMode: (api) => api.contract.setPositionMode({ mode: 'one_way' }),
  contractFunding: (api) => api.market.funding({ symbol: 'BTC_USDC_PERP' }),
  update: (api) =>
    api.system.update({ platform: 'android', device_id: 'd', app_version: '1', plugin_version: '1' }),
  adminLogin: (api) => api.admin.login({ email: 'op@example.com', password: 'pw' }),
  adminOutbox: (api) => api.admin.outbox({ page: 1, limit: 20 }),
  adminBanUser: (api) => api.admin.banUser('42', { reason: 'Chargeback fraud' }),
};

describe('every endpoint of @ex/contract has an SDK function on its method and path', () => {
  it.each(Object.keys(invoke) as Array<keyof typeof invoke>)('%s', async (name) => {
    h = await harness();
    const def = ENDPOINTS[name];
    const path = def.path.replace(':id', '42');
    const tokenLike = { token: 't', user: {}, admin: {} };
    h.server.route(def.method, path, (_req, res) => ok(res, tokenLike));
    await invoke[name](createApi(h.client));
    expect(h.server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      `${def.method} ${path}`,
    ]);
  });
});
