// Side-by-side contact sheet of screenshots, to compare languages at a glance:
//   node apps/web/scripts/contact-sheet.mjs out.png a.png b.png c.png

import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [out, ...files] = process.argv.slice(2);
const imgs = files
  .map(
    (f) =>
      `<img src="data:image/png;base64,${readFileSync(f).toString('base64')}" style="display:block;border-right:4px solid #f0f">`,
  )
  .join('');
const b = await chromium.launch({
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
const p = await b.newPage({ viewport: { width: 400, height: 300 } });
await p.setContent(
  `<body style="margin:0;display:flex;align-items:flex-start;width:max-content">${imgs}</body>`,
);
await p.screenshot({ path: out, fullPage: true });
await b.close();
