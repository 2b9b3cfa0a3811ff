import { describe, expect, it } from 'vitest';
import {
  guardRedirect,
  isPublicPath,
  loginRedirectTarget,
  PUBLIC_PATHS,
  safeRedirect,
} from '../src/app/guard.ts';
import { KNOWN_PATHS, ROUTES } from '../src/app/routes.ts';

// Spec section 2, copied by hand on purpose: the table must match the product text exactly.
const SPEC_PATHS = [
  '/',
  '/Transaction',
  '/SpotOpe',
  '/ContractOpe',
  '/My',
  '/Login',
  '/Register',
  '/ForgetPwd',
  '/Agree',
  '/NoticeDetail',
  '/DetailPage',
  '/NewsDetail',
  '/WebView',
  '/Success',
  '/Setting',
  '/ContractOrder',
  '/SpotOrder',
  '/OrderHis',
  '/SetInfo',
  '/RealName',
  '/ChangePwd',
  '/SetEmail',
  '/SetPhone',
  '/WalletDetail',
  '/TradingOne',
  '/TradingTwo',
  '/FinancialDetail',
  '/Recharge',
  '/RechargeHistory',
  '/Withdrawal',
  '/WithdrawalHistory',
  '/Transform',
  '/TransformTwo',
  '/TransformHis',
  '/Invite',
  '/Msg',
  '/MsgDetail',
  '/OTC',
  '/OTCHis',
  '/NewB',
  '/IEO',
  '/IEOHis',
  '/RedPlan',
  '/Vote',
  '/AI',
  '/AIHis',
  '/AIBuy',
  '/Defn',
  '/DefnHis',
];

// Screens the spec names without a route ("bank card management with add card"): listed here so
// the table stays pinned exactly.
// Beyond the spec: the proof of reserves (issue 13).
// Beyond the spec: bank cards, the proof of liabilities (ADR 140) and sessions/devices (ADR 203).
// Issue 12 (ADR 204-208): 2FA, API keys, address book, anti-phishing, data and account, support.
// The announcement centre: every notice and news item, beyond Home's newest few.
const EXTRA_PATHS = [
  '/BankCard',
  '/BankCardAdd',
  '/Devices',
  '/ProofOfReserves',
  '/TwoFactor',
  '/ApiKeys',
  '/AddressBook',
  '/AntiPhishing',
  '/Privacy',
  '/Support',
  '/SupportTicket',
  '/Notices',
];

describe('route table', () => {
  it('has exactly the routes of the spec (plus the named extras), each once', () => {
    expect([...KNOWN_PATHS].sort()).toEqual([...SPEC_PATHS, ...EXTRA_PATHS].sort());
  });

  it('puts exactly the five bottom tabs in the main layout', () => {
    expect(ROUTES.filter((r) => r.layout === 'tabs').map((r) => r.path)).toEqual([
      '/',
      '/Transaction',
      '/SpotOpe',
      '/ContractOpe',
      '/My',
    ]);
  });

  it('gives every route a screen and a title', () => {
    for (const route of ROUTES) {
      expect(typeof route.load, route.path).toBe('function');
      expect(route.title).toBeTruthy();
    }
  });
});

describe('guardRedirect', () => {
  it('lets anonymous visitors reach only login, register, password recovery and the agreement', () => {
    for (const path of SPEC_PATHS) {
      const expected = (PUBLIC_PATHS as readonly string[]).includes(path) ? null : '/Login';
      expect(guardRedirect(path, false, KNOWN_PATHS), path).toBe(expected);
    }
  });

  it('lets a visitor with a stored token through everywhere (validity is not checked)', () => {
    for (const path of SPEC_PATHS) expect(guardRedirect(path, true, KNOWN_PATHS), path).toBeNull();
  });

  it('sends unknown paths home, signed in or not', () => {
    expect(guardRedirect('/nope', true, KNOWN_PATHS)).toBe('/');
    expect(guardRedirect('/nope', false, KNOWN_PATHS)).toBe('/');
    expect(guardRedirect('/My/extra', true, KNOWN_PATHS)).toBe('/');
  });

  it('matches paths case-insensitively and ignores a trailing slash, like the router', () => {
    expect(isPublicPath('/login/')).toBe(true);
    expect(guardRedirect('/my', false, KNOWN_PATHS)).toBe('/Login');
    expect(guardRedirect('/Setting/', true, KNOWN_PATHS)).toBeNull();
  });
});

describe('login redirect', () => {
  it('remembers where the visitor was going', () => {
    expect(loginRedirectTarget('/My', '')).toBe('/Login?redirect=%2FMy');
    expect(loginRedirectTarget('/Msg', '?id=3')).toBe('/Login?redirect=%2FMsg%3Fid%3D3');
    expect(loginRedirectTarget('/', '')).toBe('/Login');
  });

  it('follows only paths of this app after login', () => {
    expect(safeRedirect('/My')).toBe('/My');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
  });
});
