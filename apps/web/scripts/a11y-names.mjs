// Lists controls without an accessible name (Chromium's accessibility tree) and touch targets
// smaller than 44x44 CSS px on the main screens, against a running server with the demo account.
//   node apps/web/scripts/a11y-names.mjs http://127.0.0.1:8097 [width=375]
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8097';
const width = Number(process.argv[3] ?? 375);
const login = await fetch(`${base}/api/app/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ type: 'email', account: 'demo@exchange.local', password: 'demo12345' }),
}).then((r) => r.json());
const pages = [
  ['/Login', false],
  ['/Register', false],
  ['/ForgetPwd', false],
  ['/Agree', false],
  ['/', true],
  ['/Transaction', true],
  ['/Transaction?tab=favorites', true],
  ['/My', true],
  ['/Setting', true],
  ['/Recharge', true],
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
const page = await (await browser.newContext({ viewport: { width, height: 812 } })).newPage();
const cdp = await page.context().newCDPSession(page);
const ROLES = new Set(['button', 'link', 'textbox', 'checkbox', 'tab', 'searchbox', 'combobox', 'radio']);
for (const [path, signedIn] of pages) {
  await page.goto(`${base}/Agree`);
  await page.evaluate(
    ([t, s]) => (s ? localStorage.setItem('token', t) : localStorage.removeItem('token')),
    [login.data.token, signedIn],
  );
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const unnamed = nodes
    .filter((n) => !n.ignored && ROLES.has(n.role?.value) && !String(n.name?.value ?? '').trim())
    .map((n) => n.role.value);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('a, button, input, [role=tab], [role=button], .adm-list-item')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        // Inputs sit in 44px field boxes; text links inside sentences are exempt (WCAG 2.5.8).
        if (el.tagName === 'INPUT') return false;
        if (el.closest('p, .agree-line__text, .auth__switch')) return false;
        return r.height < 43.5;
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
  );
  console.log(`${path}: unnamed=${JSON.stringify(unnamed)} small=${JSON.stringify(small)}`);
}
await browser.close();
