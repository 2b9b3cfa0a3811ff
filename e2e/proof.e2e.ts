// Proof of liabilities in a real browser against the built server (issue 13): the operator publishes
// a snapshot, the demo user opens /ProofOfReserves, the page checks the leaf and path up to the
// signed root in the browser and says "included", the balances shown equal the demo user's balances
// at the snapshot, and the downloaded proof file passes the standalone verifier.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, openSignedIn, screenshot, suite } from './harness.ts';

const r = webCatalogues.en.reserves;
const BIN = resolve(import.meta.dirname, '../packages/verify-liabilities/bin/verify-liabilities.js');
const run = promisify(execFile);

/** A decimal string in integer units of `scale` (no floating point, also in tests). */
function units(v: string, scale: number): bigint {
  const [i, f = ''] = v.split('.');
  return BigInt(i!) * 10n ** BigInt(scale) + BigInt(f.padEnd(scale, '0') || '0');
}

interface Balances {
  spot: { coin: string; available: string; frozen: string }[];
  contract: { coin: string; available: string; frozen: string; equity: string };
}

let expected: Map<string, bigint>;

const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

/** The demo's open positions' unrealised PnL at the mark now, in units of 8 decimals. */
async function unrealised(): Promise<{ count: number; sum: bigint }> {
  const p = await api<{ unrealized_pnl: string }[]>(
    s.server.url,
    'GET',
    '/api/app/contract/positions',
    undefined,
    s.token,
  );
  const sum = p.data.reduce((a, x) => a + signedUnits(x.unrealized_pnl, 8), 0n);
  return { count: p.data.length, sum };
}

function signedUnits(v: string, scale: number): bigint {
  return v.startsWith('-') ? -units(v.slice(1), scale) : units(v, scale);
}

/** The USDC the snapshot may have counted for open positions: their PnL just before and just after. */
let pnlAround: [bigint, bigint];

beforeAll(async () => {
  const admin = await adminToken(s.server.url);
  // The demo's futures (ADR 219) are seeded once the feed's first mark exists, after the server
  // answers: wait for them, so the snapshot sees the same book of positions whatever the timing.
  const until = Date.now() + 60_000;
  while ((await unrealised()).count < 2) {
    if (Date.now() > until) throw new Error('the demo futures were not seeded within 60 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const before = (await unrealised()).sum;
  const snap = await api<{ id: string }>(s.server.url, 'POST', '/api/admin/reserves/snapshots', {}, admin);
  expect(snap.code).toBe(0);
  const after = (await unrealised()).sum;
  pnlAround = before <= after ? [before, after] : [after, before];
  // The demo user does not trade here, so the ledger balances below are those at the snapshot. The
  // snapshot also counts the open positions' unrealised PnL at the mark of that moment (reserves
  // service, `liabilities`), which lies between the PnL read just before and just after it.
  const b = await api<Balances>(s.server.url, 'GET', '/api/app/wallet/balances', undefined, s.token);
  expected = new Map();
  for (const c of b.data.spot) expected.set(c.coin, units(c.available, 8) + units(c.frozen, 8));
  // Contract account: the cross wallet's available + frozen, in USDC (no isolated position here).
  expected.set(
    'USDC',
    (expected.get('USDC') ?? 0n) + units(b.data.contract.available, 8) + units(b.data.contract.frozen, 8),
  );
  // Coins held in earn products are owed too (the demo world gives the demo a claimable dividend).
  const add = (coin: string, amount: bigint) => expected.set(coin, (expected.get(coin) ?? 0n) + amount);
  type Row = { coin: string; amount: string; interest?: string; status?: string };
  const list = async (path: string) =>
    (await api<{ list: Row[] }>(s.server.url, 'GET', path, undefined, s.token)).data.list;
  for (const d of await list('/api/app/dividends?status=claimable&limit=100'))
    add(d.coin, units(d.amount, 8));
  for (const o of await list('/api/app/ai/orders?tab=active&limit=100'))
    add(o.coin, units(o.amount, 8) + units(o.interest ?? '0', 8));
  for (const st of await list('/api/app/staking/stakes?limit=100')) {
    if (st.status === 'review' || st.status === 'active') add(st.coin, units(st.amount, 8));
    if (st.status === 'outstanding') add(st.coin, units(st.amount, 8) + units(st.interest ?? '0', 8));
  }
});

const signedInPage = (): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token);

describe('proof of reserves', () => {
  it('shows "included" with the balances of the snapshot, and the proof file verifies without the exchange', async () => {
    const page = await signedInPage();
    await page.goto('/My');
    await page.getByText(r.link, { exact: true }).click();
    await page.waitForURL('**/ProofOfReserves');
    const status = page.getByTestId('proof-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(r.included);
    for (const [coin, amount] of expected) {
      const cell = page.getByTestId(`proof-balance-${coin}`).locator('td');
      // The exact leaf balance (data-value, as in the proof file); the text is the same number
      // with the language's thousands separators (en: commas).
      const shown = (await cell.getAttribute('data-value'))!;
      expect((await cell.textContent())!.trim().replaceAll(',', ''), coin).toBe(shown);
      if (coin !== 'USDC') {
        expect(units(shown, 8), coin).toBe(amount);
        continue;
      }
      // USDC: the ledger and earn balances exactly, plus the positions' PnL at the snapshot's mark.
      const pnl = units(shown, 8) - amount;
      expect(pnl >= pnlAround[0] && pnl <= pnlAround[1], `USDC PnL ${pnl} in ${pnlAround}`).toBe(true);
    }
    expect(await page.getByTestId('reserve-ratio').textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}%$/);
    await screenshot(page, 'proof-of-reserves');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText(r.download).click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'proof-e2e-')), 'proof.json');
    await download.saveAs(file);
    const verified = await run('node', [BIN, file]);
    expect(verified.stdout).toContain('VERIFIED: your balance is included');

    await page.goto('/My');
    await page.getByText(r.statements, { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'my-statements');
    await page.context().close();
  });
});
