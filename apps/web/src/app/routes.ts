import type { WebCatalogue } from '@ex/i18n';
import type { ComponentType } from 'react';

export type TitleKey = keyof WebCatalogue['titles'];

type PageModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  title: TitleKey;
  /** `tabs`: inside the main layout with the bottom tab bar; `page`: standalone with a nav bar. */
  layout: 'tabs' | 'page';
  /** The screen, loaded on demand (every route has a real one). */
  load: () => Promise<PageModule>;
}

/** Every route of spec section 2, with exactly its path. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: 'home', layout: 'tabs', load: () => import('../features/home/routes/Home.tsx') },
  {
    path: '/Transaction',
    title: 'transaction',
    layout: 'tabs',
    load: () => import('../features/market/routes/Transaction.tsx'),
  },
  {
    path: '/SpotOpe',
    title: 'spotOpe',
    layout: 'tabs',
    load: () => import('../features/trade/routes/SpotOpe.tsx'),
  },
  {
    path: '/ContractOpe',
    title: 'contractOpe',
    layout: 'tabs',
    load: () => import('../features/trade/routes/ContractOpe.tsx'),
  },
  { path: '/My', title: 'my', layout: 'tabs', load: () => import('../features/user/routes/My.tsx') },

  { path: '/Login', title: 'login', layout: 'page', load: () => import('../features/auth/routes/Login.tsx') },
  {
    path: '/Register',
    title: 'register',
    layout: 'page',
    load: () => import('../features/auth/routes/Register.tsx'),
  },
  {
    path: '/ForgetPwd',
    title: 'forgetPwd',
    layout: 'page',
    load: () => import('../features/auth/routes/ForgetPwd.tsx'),
  },
  { path: '/Agree', title: 'agree', layout: 'page', load: () => import('../features/auth/routes/Agree.tsx') },

  {
    path: '/NoticeDetail',
    title: 'noticeDetail',
    layout: 'page',
    load: () => import('../features/community/routes/NoticeDetail.tsx'),
  },
  {
    path: '/Notices',
    title: 'notices',
    layout: 'page',
    load: () => import('../features/community/routes/Notices.tsx'),
  },
  {
    path: '/DetailPage',
    title: 'detailPage',
    layout: 'page',
    load: () => import('../features/detail/routes/DetailPage.tsx'),
  },
  {
    path: '/NewsDetail',
    title: 'newsDetail',
    layout: 'page',
    load: () => import('../features/community/routes/NewsDetail.tsx'),
  },
  {
    path: '/WebView',
    title: 'webView',
    layout: 'page',
    load: () => import('../features/user/routes/WebView.tsx'),
  },
  {
    path: '/Success',
    title: 'success',
    layout: 'page',
    load: () => import('../features/misc/routes/Success.tsx'),
  },
  {
    path: '/Setting',
    title: 'setting',
    layout: 'page',
    load: () => import('../features/user/routes/Setting.tsx'),
  },
  {
    path: '/ContractOrder',
    title: 'contractOrder',
    layout: 'page',
    load: () => import('../features/orders/routes/ContractOrder.tsx'),
  },
  {
    path: '/SpotOrder',
    title: 'spotOrder',
    layout: 'page',
    load: () => import('../features/orders/routes/SpotOrder.tsx'),
  },
  {
    path: '/OrderHis',
    title: 'orderHis',
    layout: 'page',
    load: () => import('../features/orders/routes/OrderHis.tsx'),
  },
  {
    path: '/SetInfo',
    title: 'setInfo',
    layout: 'page',
    load: () => import('../features/user/routes/SetInfo.tsx'),
  },
  {
    path: '/RealName',
    title: 'realName',
    layout: 'page',
    load: () => import('../features/kyc/routes/RealName.tsx'),
  },
  // Bank-card management (spec section 2, "other screens"); the main catalogue has no title of its
  // own for it, the screens take theirs from the kyc namespace.
  {
    path: '/BankCard',
    title: 'setting',
    layout: 'page',
    load: () => import('../features/bank/routes/BankCard.tsx'),
  },
  {
    path: '/BankCardAdd',
    title: 'setting',
    layout: 'page',
    load: () => import('../features/bank/routes/BankCardAdd.tsx'),
  },
  {
    path: '/ChangePwd',
    title: 'changePwd',
    layout: 'page',
    load: () => import('../features/user/routes/ChangePwd.tsx'),
  },
  {
    path: '/SetEmail',
    title: 'setEmail',
    layout: 'page',
    load: () => import('../features/user/routes/SetEmail.tsx'),
  },
  {
    path: '/SetPhone',
    title: 'setPhone',
    layout: 'page',
    load: () => import('../features/user/routes/SetPhone.tsx'),
  },
  // Beyond the spec's list: sessions and login history (issue 12 item 5).
  {
    path: '/Devices',
    title: 'devices',
    layout: 'page',
    load: () => import('../features/user/routes/Devices.tsx'),
  },
  // Issue 12 items 2-4, 6, 7: account security and support (ADR 204-208), all lazy.
  {
    path: '/TwoFactor',
    title: 'twoFactor',
    layout: 'page',
    load: () => import('../features/security/routes/TwoFactor.tsx'),
  },
  {
    path: '/ApiKeys',
    title: 'apiKeys',
    layout: 'page',
    load: () => import('../features/security/routes/ApiKeys.tsx'),
  },
  {
    path: '/AddressBook',
    title: 'addressBook',
    layout: 'page',
    load: () => import('../features/security/routes/AddressBook.tsx'),
  },
  {
    path: '/AntiPhishing',
    title: 'antiPhishing',
    layout: 'page',
    load: () => import('../features/security/routes/AntiPhishing.tsx'),
  },
  {
    path: '/Privacy',
    title: 'privacy',
    layout: 'page',
    load: () => import('../features/security/routes/Privacy.tsx'),
  },
  {
    path: '/Support',
    title: 'support',
    layout: 'page',
    load: () => import('../features/support/routes/Support.tsx'),
  },
  {
    path: '/SupportTicket',
    title: 'supportTicket',
    layout: 'page',
    load: () => import('../features/support/routes/SupportTicket.tsx'),
  },
  {
    path: '/WalletDetail',
    title: 'walletDetail',
    layout: 'page',
    load: () => import('../features/wallet/routes/WalletDetail.tsx'),
  },
  {
    path: '/TradingOne',
    title: 'tradingOne',
    layout: 'page',
    load: () => import('../features/wallet/routes/TradingOne.tsx'),
  },
  {
    path: '/TradingTwo',
    title: 'tradingTwo',
    layout: 'page',
    load: () => import('../features/wallet/routes/TradingTwo.tsx'),
  },
  {
    path: '/FinancialDetail',
    title: 'financialDetail',
    layout: 'page',
    load: () => import('../features/wallet/routes/FinancialDetail.tsx'),
  },
  {
    path: '/Recharge',
    title: 'recharge',
    layout: 'page',
    load: () => import('../features/funds/routes/Recharge.tsx'),
  },
  {
    path: '/RechargeHistory',
    title: 'rechargeHistory',
    layout: 'page',
    load: () => import('../features/funds/routes/RechargeHistory.tsx'),
  },
  {
    path: '/Withdrawal',
    title: 'withdrawal',
    layout: 'page',
    load: () => import('../features/funds/routes/Withdrawal.tsx'),
  },
  {
    path: '/WithdrawalHistory',
    title: 'withdrawalHistory',
    layout: 'page',
    load: () => import('../features/funds/routes/WithdrawalHistory.tsx'),
  },
  {
    path: '/Transform',
    title: 'transform',
    layout: 'page',
    load: () => import('../features/exchange/routes/Transform.tsx'),
  },
  {
    path: '/TransformTwo',
    title: 'transformTwo',
    layout: 'page',
    load: () => import('../features/wallet/routes/TransformTwo.tsx'),
  },
  {
    path: '/TransformHis',
    title: 'transformHis',
    layout: 'page',
    load: () => import('../features/wallet/routes/TransformHis.tsx'),
  },
  {
    path: '/Invite',
    title: 'invite',
    layout: 'page',
    load: () => import('../features/community/routes/Invite.tsx'),
  },
  { path: '/Msg', title: 'msg', layout: 'page', load: () => import('../features/community/routes/Msg.tsx') },
  {
    path: '/MsgDetail',
    title: 'msgDetail',
    layout: 'page',
    load: () => import('../features/community/routes/MsgDetail.tsx'),
  },
  {
    path: '/OTC',
    title: 'otc',
    layout: 'page',
    load: () => import('../features/otc/routes/OTC.tsx'),
  },
  {
    path: '/OTCHis',
    title: 'otcHis',
    layout: 'page',
    load: () => import('../features/otc/routes/OTCHis.tsx'),
  },
  {
    path: '/NewB',
    title: 'newB',
    layout: 'page',
    load: () => import('../features/ieo/routes/NewB.tsx'),
  },
  {
    path: '/IEO',
    title: 'ieo',
    layout: 'page',
    load: () => import('../features/ieo/routes/IEO.tsx'),
  },
  {
    path: '/IEOHis',
    title: 'ieoHis',
    layout: 'page',
    load: () => import('../features/ieo/routes/IEOHis.tsx'),
  },
  {
    path: '/RedPlan',
    title: 'redPlan',
    layout: 'page',
    load: () => import('../features/dividend/routes/RedPlan.tsx'),
  },
  { path: '/Vote', title: 'vote', layout: 'page', load: () => import('../features/vote/routes/Vote.tsx') },
  { path: '/AI', title: 'ai', layout: 'page', load: () => import('../features/ai/routes/AI.tsx') },
  { path: '/AIHis', title: 'aiHis', layout: 'page', load: () => import('../features/ai/routes/AIHis.tsx') },
  { path: '/AIBuy', title: 'aiBuy', layout: 'page', load: () => import('../features/ai/routes/AIBuy.tsx') },
  { path: '/Defn', title: 'defn', layout: 'page', load: () => import('../features/staking/routes/Defn.tsx') },
  {
    path: '/DefnHis',
    title: 'defnHis',
    layout: 'page',
    load: () => import('../features/staking/routes/DefnHis.tsx'),
  },
  // Issue 13: proof of liabilities, checked in the browser (not a spec route; linked from /My).
  {
    path: '/ProofOfReserves',
    title: 'proofOfReserves',
    layout: 'page',
    load: () => import('../features/reserves/routes/ProofOfReserves.tsx'),
  },
];

export const KNOWN_PATHS: readonly string[] = ROUTES.map((r) => r.path);

const started = new Map<string, Promise<unknown>>();
const loaded = new Map<string, ComponentType>();

/**
 * Starts loading a route's screen before the router asks for it: at start for the page being
 * opened (in parallel with the language, instead of after it), and on intent (a finger or pointer
 * on a tab). The browser's module map makes the router's own import of it instant afterwards.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const key = pathname.toLowerCase();
  const known = started.get(key);
  if (known) return known;
  const def = ROUTES.find((r) => r.path.toLowerCase() === key);
  if (!def?.load) return Promise.resolve();
  const loading = def.load().then(
    (page) => loaded.set(key, page.default),
    () => started.delete(key),
  );
  started.set(key, loading);
  return loading;
}

/** The screen of a route whose code has arrived already, so the router renders it without suspending. */
export function loadedScreen(pathname: string): ComponentType | undefined {
  return loaded.get(pathname.toLowerCase());
}
