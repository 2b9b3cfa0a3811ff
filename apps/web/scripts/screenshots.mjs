// Screenshots of the user app at 375x812 in headless Chromium, to look at every screen as a user
// would. Usage (with a dev server or the built app served by the API server):
//   node apps/web/scripts/screenshots.mjs [base=http://127.0.0.1:5174] [out=/tmp/web-shots]
// Env: TOKEN (a user token to see the signed-in screens), LANG_ID (de, en, zh_CN, ...).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:5174';
const out = process.argv[3] ?? '/tmp/web-shots';
mkdirSync(out, { recursive: true });
const paths = process.env.TOKEN
  ? ['/', '/Transaction', '/SpotOpe', '/ContractOpe', '/My', '/Setting', '/Recharge', '/Agree']
  : ['/Login', '/Register', '/ForgetPwd', '/Agree'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
page.on('pageerror', (e) => console.error('pageerror', e.message));
await page.goto(`${base}/Login`);
await page.evaluate(
  ([token, lang]) => {
    if (token) localStorage.setItem('token', token);
    if (lang) localStorage.setItem('lang', lang);
  },
  [process.env.TOKEN ?? '', process.env.LANG_ID ?? ''],
);
for (const path of paths) {
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const file = `${out}/${path === '/' ? 'Home' : path.slice(1)}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}
await browser.close();
