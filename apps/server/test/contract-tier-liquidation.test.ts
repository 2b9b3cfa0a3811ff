import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractHistory, contractPositions, PERP, placeContractOrder } from './helpers/contract.ts';
import { postMarketParams, signInOperators } from './helpers/operators.ts';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

/**
 * Issue 8 / ADR 194: a tiered liquidation step on the server. The step's engine-made market close
 * and its fills land in the user's order history as a `liquidation` order (with its taker fee and
 * realised PnL); the position survives smaller.
 */
describe.each(BACKENDS)('tiered liquidation on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
    const ops = await signInOperators(t);
    // 0.1 % (the seeded 1.25 % would take the rest of the equity in the step).
    const r = await postMarketParams(t, PERP, { liquidation_fee_rate: '0.001' }, ops.admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a tier-2 isolated long steps down to tier 1 and the step is an order row of origin liquidation', async () => {
    expect((await indexPrice(t, 9_700_000n)).code).toBe(ResultCode.OK);
    const alice = await contractTrader(t, 'tier-alice@example.com', { toContract: '20000' });
    const bob = await contractTrader(t, 'tier-bob@example.com');
    const carol = await contractTrader(t, 'tier-carol@example.com');
    const order = (who: string, action: string, mode: string, price: string, quantity: string) =>
      placeContractOrder(t, who, { action, margin_mode: mode, price, quantity });
    expect((await order(bob.token, 'open_short', 'cross', '97000', '1.5')).status).toBe(200);
    const placed = await order(alice.token, 'open_long', 'isolated', '97000', '1.5');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // Carol bids 1 BTC at 87,700, what the step sells into.
    expect((await order(carol.token, 'open_long', 'cross', '87700', '1')).status).toBe(200);
    // Mark 87,700: equity 14,550 - 13,950 = 600 < MM 131,550 x 0.5 % - 50 = 607.75. The step keeps
    // 0.5701 BTC (49,997.77, tier 1) and sells 0.9299: taker fee 40.78, clearance fee 81.55; equity
    // 477.67 >= MM 199.99.
    const r = await indexPrice(t, 8_770_000n);
    expect(r.code).toBe(ResultCode.OK);
    const step = r.events.find((e) => e.type === 'perp.tierReduction');
    expect(step).toMatchObject({ userId: alice.id, qty: 9_299n, filled: 9_299n, toFund: 0n });
    expect(r.events.find((e) => e.type === 'perp.liquidation')).toBeUndefined();
    await t.services.engine.idle();
    const history = await contractHistory(t, alice.token);
    const row = history.find((o) => o.origin === 'liquidation');
    expect(row).toMatchObject({
      action: 'close_long',
      quantity: '0.92990',
      filled: '0.92990',
      status: 'filled',
    });
    // Taker fee 0.05 % of 81,552.23 plus the clearance fee 0.1 % (no fund part to show it on).
    expect(row!.fee).toBe('122.328345');
    const positions = await contractPositions(t, alice.token);
    expect(JSON.stringify(positions)).toContain('0.5701');
  });

  it('a tier-1 position past its bankruptcy price is taken whole at that price: an order row of origin liquidation', async () => {
    const dan = await contractTrader(t, 'tier-dan@example.com', { toContract: '2000' });
    const erin = await contractTrader(t, 'tier-erin@example.com');
    const order = (who: string, action: string, price: string) =>
      placeContractOrder(t, who, { action, price, quantity: '0.1', margin_mode: 'isolated' });
    // Above carol's resting bid at 87,700, so erin's sell meets dan's bid.
    expect((await order(dan.token, 'open_long', '87800')).status).toBe(200);
    expect((await order(erin.token, 'open_short', '87800')).status).toBe(200);
    // 0.1 BTC at 10x: margin 878, bankrupt near 79,000; the index at 75,000 is far past it.
    const r = await indexPrice(t, 7_500_000n);
    expect(r.code).toBe(ResultCode.OK);
    const liq = r.events.find((e) => e.type === 'perp.liquidation' && e.userId === dan.id);
    expect(liq).toBeDefined();
    await t.services.engine.idle();
    const history = await contractHistory(t, dan.token);
    const row = history.find((o) => o.origin === 'liquidation');
    expect(row).toMatchObject({
      action: 'close_long',
      quantity: '0.10000',
      filled: '0.10000',
      status: 'filled',
    });
    // At the bankruptcy price (between the index and the entry), no fee of its own.
    const price = Number(row!.price);
    expect(price).toBeGreaterThan(75_000);
    expect(price).toBeLessThan(87_800);
    expect(row!.fee).toBe('0.000000');
  });
});
