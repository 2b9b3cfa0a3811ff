// The futures figures of GET /api/app/wallet/balances (ADR 221): a cross long and an isolated short
// of one user, an open opening order, the mark moved. Position margin counts the cross position's
// initial margin at the mark and the isolated margin; the balances API reported 0 margin for cross
// positions before (their margin moves nothing in the ledger). Every figure is checked against
// numbers derived here from the order sizes, prices and fee rates, and against the positions API.
import type { Position } from '@ex/contract';
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractPositions,
  openAtMarket,
  placeContractOrder,
  SMALL_ACCOUNT,
  type Trader,
  walletBalances,
} from './helpers/contract.ts';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

/** A decimal string in integer units of 6 decimals (USDC), exactly. */
function units(v: string): bigint {
  const neg = v.startsWith('-');
  const [i, f = ''] = v.replace(/^[+-]/, '').split('.');
  const u = BigInt(i!) * 1_000_000n + BigInt(f.padEnd(6, '0'));
  return neg ? -u : u;
}

describe.each(BACKENDS)('futures balances on %s', (backend) => {
  let t: TestApp;
  let maker: Trader;
  let taker: Trader;
  const balances = async (token: string) => (await walletBalances(t, token)).contract;

  beforeAll(async () => {
    t = await testApp(backend);
    maker = await contractTrader(t, 'fb-maker@example.com', SMALL_ACCOUNT);
    taker = await contractTrader(t, 'fb-taker@example.com', SMALL_ACCOUNT);
    expect((await indexPrice(t, 9_700_000n)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an account without positions: no margin in use, everything free', async () => {
    expect(await balances(taker.token)).toEqual({
      coin: 'USDC',
      available: '1000.000000',
      frozen: '0.000000',
      equity: '1000.000000',
      unrealized_pnl: '0.000000',
      wallet_balance: '1000.000000',
      position_margin: '0.000000',
      free_collateral: '1000.000000',
    });
  });

  it('position margin counts cross (initial margin at the mark) and isolated margin', async () => {
    // Cross long 0.01 BTC at 97,000, 10x (taker fee 0.05% of 970 = 0.485).
    await openAtMarket(t, maker, taker, { side: 'long', price: '97000.00', quantity: '0.01' });
    // Isolated short 0.02 BTC at 97,000, 5x: margin 1,940 / 5 = 388 moves to the isolated account
    // (taker fee 0.05% of 1,940 = 0.97).
    const lev = await t.call('POST', '/api/app/contract/leverage', {
      token: taker.token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 5, margin_mode: 'isolated' },
    });
    expect(lev.status).toBe(200);
    await openAtMarket(t, maker, taker, {
      side: 'short',
      price: '97000.00',
      quantity: '0.02',
      leverage: 5,
      margin_mode: 'isolated',
    });
    // A resting cross buy 0.01 at 90,000, 10x: its hold (the order margin) is 900 / 10 + 0.05% of
    // 900 = 90.45, frozen in the cross wallet.
    const resting = await placeContractOrder(t, taker.token, {
      action: 'open_long',
      price: '90000.00',
      quantity: '0.01',
      leverage: 10,
    });
    expect(resting.body.data.status).toBe('open');

    // The mark falls to 96,000: the cross long loses 10, the isolated short gains 20; the cross
    // long's initial margin is 960 / 10 = 96 at that mark.
    expect((await indexPrice(t, 9_600_000n)).code).toBe(ResultCode.OK);
    const c = await balances(taker.token);
    const available = 1_000_000_000n - 485_000n - 970_000n - 388_000_000n - 90_450_000n;
    const frozen = 90_450_000n;
    const isolated = 388_000_000n;
    const upnl = -10_000_000n + 20_000_000n;
    const crossIm = 96_000_000n;
    expect(units(c.available)).toBe(available);
    expect(units(c.frozen)).toBe(frozen);
    expect(units(c.wallet_balance)).toBe(available + frozen + isolated);
    expect(units(c.unrealized_pnl)).toBe(upnl);
    expect(units(c.equity)).toBe(available + frozen + isolated + upnl);
    expect(units(c.position_margin)).toBe(crossIm + isolated);
    // Free collateral: available + the cross loss (gains do not count) - cross initial margin.
    expect(units(c.free_collateral)).toBe(available - 10_000_000n - crossIm);
    expect(c).toMatchObject({
      available: '520.095000',
      frozen: '90.450000',
      wallet_balance: '998.545000',
      unrealized_pnl: '10.000000',
      equity: '1008.545000',
      position_margin: '484.000000',
      free_collateral: '414.095000',
    });

    // The positions screen shows the same margin and PnL per position.
    const pos = await contractPositions(t, taker.token);
    expect(pos.map((p) => [p.id, p.margin, p.unrealized_pnl]).sort()).toEqual([
      ['BTC_USDC_PERP:cross:long', '96.000000', '-10.000000'],
      ['BTC_USDC_PERP:isolated:short', '388.000000', '20.000000'],
    ]);
    const sum = (f: (p: Position) => string) => pos.reduce((s, p) => s + units(f(p)), 0n);
    expect(sum((p) => p.margin)).toBe(units(c.position_margin));
    expect(sum((p) => p.unrealized_pnl)).toBe(units(c.unrealized_pnl));

    // The engine refuses a transfer out above the free collateral and takes one of exactly it.
    const over = await t.call('POST', '/api/app/wallet/transfer', {
      token: taker.token,
      body: { from: 'contract', to: 'spot', coin: 'USDC', amount: '414.095001' },
    });
    expect(over.status).not.toBe(200);
    const exact = await t.call('POST', '/api/app/wallet/transfer', {
      token: taker.token,
      body: { from: 'contract', to: 'spot', coin: 'USDC', amount: c.free_collateral },
    });
    expect(exact.status).toBe(200);
    expect((await balances(taker.token)).free_collateral).toBe('0.000000');
  });

  it("a cross position's margin with a remainder is the engine's initial margin, rounded up, on both APIs", async () => {
    // 0.0013 BTC (13 lots) at a mark of 96,000.01 (9,600,001 ticks), 10x: the notional is
    // 9,600,001 x 13 = 124,800,013 units (124.800013 USDC), a tenth of it 12,480,001.3 units. The
    // engine holds the initial margin rounded up (12.480002 USDC); the positions API showed it cut
    // down (12.480001), a unit below the balances API's position_margin and the engine's check.
    const seller = await contractTrader(t, 'fb-seller@example.com', SMALL_ACCOUNT);
    const buyer = await contractTrader(t, 'fb-buyer@example.com', SMALL_ACCOUNT);
    expect((await indexPrice(t, 9_600_001n)).code).toBe(ResultCode.OK);
    await openAtMarket(t, seller, buyer, { side: 'long', price: '96000.01', quantity: '0.0013' });
    const notional = 9_600_001n * 13n;
    const crossIm = (notional + 9n) / 10n;
    expect(crossIm).toBe(12_480_002n);
    expect(t.services.engine.engine.perp.crossAccount(buyer.id, 'USDC').im).toBe(crossIm);

    const [long] = await contractPositions(t, buyer.token);
    expect(long).toMatchObject({ id: 'BTC_USDC_PERP:cross:long', notional: '124.800013' });
    expect(long!.margin).toBe('12.480002');
    expect(units(long!.margin)).toBe(crossIm);
    expect((await balances(buyer.token)).position_margin).toBe(long!.margin);
  });
});
