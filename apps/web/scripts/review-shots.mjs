// Review screenshots of every built screen, per language and width, against a running server that
// serves the build (the server prints a demo account). Optionally fakes live tickers so number
// formatting (separators, compact volumes, signed percent) can be judged before trading exists.
//   node apps/web/scripts/review-shots.mjs http://127.0.0.1:8097 /tmp/review
// Env: LANGS=de,en,zh_CN  WIDTHS=375,320,1280  FAKE_TICKERS=1  ONLY=Home,Setting
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8097';
const out = process.argv[3] ?? '/tmp/review';
const langs = (process.env.LANGS ?? 'de,en,zh_CN').split(',');
const widths = (process.env.WIDTHS ?? '375').split(',').map(Number);
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
mkdirSync(out, { recursive: true });

const login = await fetch(`${base}/api/app/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ type: 'email', account: 'demo@exchange.local', password: 'demo12345' }),
}).then((r) => r.json());
const token = login.data.token;

const FAKE = [
  ['BTC', 'spot', '67234.51', '2.31', '1234567890.12', 2],
  ['ETH', 'spot', '3456.78', '-1.05', '456789012.5', 2],
  ['SOL', 'spot', '145.678', '0.00', '98765432.1', 3],
  ['DOGE', 'spot', '0.123456', '-12.40', '12345.6', 6],
  ['BTC', 'perp', '67250.00', '2.29', '2345678901.99', 2],
  ['ETH', 'perp', '3455.10', '-0.004', '345678.9', 2],
].map(([base, kind, last, change_pct, amount, scale]) => ({
  symbol: `${base}_USDC${kind === 'perp' ? '_PERP' : ''}`,
  base,
  quote: 'USDC',
  kind,
  last,
  change_pct,
  high: last,
  low: last,
  volume: '1000',
  amount,
  price_scale: scale,
  qty_scale: 4,
}));

/** Each shot: name, path, whether signed in, and an optional interaction before the picture. */
const SHOTS = [
  ['Login', '/Login', false],
  ['Login-phone', '/Login', false, async (p) => p.getByRole('tab').nth(1).click()],
  ['Register', '/Register', false],
  ['Register-phone', '/Register', false, async (p) => p.getByRole('tab').nth(1).click()],
  [
    'Register-invite',
    '/Register',
    false,
    async (p) => {
      await p.locator('.method-switch .adm-selector-item').nth(1).click();
      await p.locator('.agree-line .adm-checkbox').click();
    },
  ],
  ['Register-errors', '/Register', false, async (p) => p.getByRole('button', { name: /./ }).last().click()],
  ['ForgetPwd', '/ForgetPwd', false],
  ['Agree', '/Agree', false],
  ['Agree-privacy', '/Agree?type=privacy', false],
  ['Home', '/', true],
  ['Home-full', '/', true, null, true],
  ['Markets', '/Transaction', true],
  ['Markets-fav', '/Transaction?tab=favorites', true],
  ['Markets-contract', '/Transaction?tab=contract', true],
  [
    'Markets-search',
    '/Transaction?search=1',
    true,
    async (p) => {
      await p.evaluate(() => localStorage.setItem('search_history', '["BTC","SOL","DOGE"]'));
      await p.reload();
      await p.waitForLoadState('networkidle');
    },
  ],
  [
    'Markets-star',
    '/Transaction',
    true,
    async (p) => {
      await p.evaluate(() => localStorage.removeItem('favorites'));
      await p.locator('.star-btn').nth(0).click();
      await p.locator('.star-btn').nth(2).click();
    },
  ],
  ['Markets-fav-list', '/Transaction?tab=favorites', true],
  [
    'Markets-redup',
    '/Transaction',
    true,
    async (p) => {
      await p.evaluate(() => localStorage.setItem('color_mode', 'red-up'));
      await p.reload();
      await p.waitForLoadState('networkidle');
      await p.evaluate(() => localStorage.removeItem('color_mode'));
    },
  ],
  [
    'Markets-picker',
    '/Transaction?tab=favorites',
    true,
    async (p) => p.locator('.list-foot button, .empty__action button').first().click(),
  ],
  ['My', '/My', true],
  ['My-full', '/My', true, null, true],
  ['Setting', '/Setting', true],
  ['Setting-full', '/Setting', true, null, true],
  ['Setting-lang', '/Setting', true, async (p) => p.locator('.adm-list-item').first().click()],
  ['Setting-colors', '/Setting', true, async (p) => p.locator('.adm-list-item').nth(1).click()],
  ['Setting-logout', '/Setting', true, async (p) => p.locator('.setting-logout button').click()],
  ['Spot', '/SpotOpe', true],
  ['Recharge', '/Recharge', true],
  ['IEO', '/IEO', true],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const width of widths) {
  for (const lang of langs) {
    const ctx = await browser.newContext({ viewport: { width, height: 812 } });
    if (process.env.FAKE_TICKERS) {
      await ctx.route('**/api/app/market/coins', (route) =>
        route.fulfill({ json: { code: 0, data: FAKE, message: 'ok' } }),
      );
    }
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    for (const [name, path, signedIn, act, full] of SHOTS) {
      if (only && !only.includes(name)) continue;
      await page.goto(`${base}/Agree`);
      await page.evaluate(
        ([t, l, s]) => {
          localStorage.setItem('lang', l);
          if (s) localStorage.setItem('token', t);
          else localStorage.removeItem('token');
        },
        [token, lang, signedIn],
      );
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
      if (act) {
        await act(page);
        await page.waitForTimeout(400);
      }
      const file = `${out}/${width}-${lang}-${name}.png`;
      await page.screenshot({ path: file, fullPage: Boolean(full) });
      console.log(file);
    }
    await ctx.close();
  }
}
await browser.close();
