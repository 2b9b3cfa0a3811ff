import { ResultCode, systemAccount } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../src/audit.ts';
import { engineDb } from '../src/engine/tables.ts';
import {
  contractHistory,
  contractPositions,
  PERP,
  placeContractOrder,
  type Trader,
} from './helpers/contract.ts';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

/**
 * Auto-deleveraging on the server. A fresh app's insurance fund holds nothing, so when a long is
 * taken over past its bankruptcy price the fund is at once in loss (equity < 0) and its position is
 * closed against the most profitable short at the bankruptcy price (`perp.adl`). The projector makes
 * that close an order row of origin `adl` in the counterparty's contract order history, with the
 * PnL the close realised (the event's `realisedPnl`, ADR 220).
 */
describe.each(BACKENDS)('auto-deleveraging on %s', (backend) => {
  let t: TestApp;
  let erin: Trader;
  beforeAll(async () => {
    t = await testApp(backend);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const order = (who: string, action: string, mode: string, price: string, quantity: string) =>
    placeContractOrder(t, who, { action, margin_mode: mode, price, quantity });
  const history = (token: string) => contractHistory(t, token);
  const positions = (token: string) => contractPositions(t, token);
  const fund = () => t.services.engine.engine.ledger.available(systemAccount('insurance', 'USDC'));
  /**
   * What the ledger moved to `userId`'s own accounts by the ADL closes of the command `seq`: the
   * `positionClose` entries of ref `adl:...`. An ADL close has no fee, so the user's side of that
   * entry (isolated margin released to the wallet, plus the PnL) nets to exactly the PnL realised.
   */
  const adlPosted = async (seq: number | null, userId: string) => {
    const rows = await engineDb(t.db)
      .selectFrom('ledger_entries')
      .select(['amount', 'ref_id'])
      .where('command_seq', '=', String(seq))
      .where('owner', '=', userId)
      .where('type', '=', 'positionClose')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ref_id.startsWith(`adl:${PERP}:${userId}:`))).toBe(true);
    return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
  };
  // 0.1 BTC is 1,000 lots (step 0.0001); prices are in ticks of 0.01.
  const price = (ticks: bigint) => `${ticks / 100n}.${(ticks % 100n).toString().padStart(2, '0')}`;

  it('a bankrupt long the empty fund cannot carry cuts the best short by its size at the bankruptcy price: an adl order row', async () => {
    expect(fund()).toBe(0n);
    expect((await indexPrice(t, 8_780_000n)).code).toBe(ResultCode.OK);
    const dan = await contractTrader(t, 'adl-dan@example.com', { toContract: '2000' });
    erin = await contractTrader(t, 'adl-erin@example.com');
    const frank = await contractTrader(t, 'adl-frank@example.com');
    expect((await order(erin.token, 'open_short', 'isolated', '87800', '0.3')).status).toBe(200);
    const placed = await order(dan.token, 'open_long', 'isolated', '87800', '0.1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await order(frank.token, 'open_long', 'cross', '87800', '0.2')).status).toBe(200);
    expect((await positions(erin.token)).find((p) => p.side === 'short')?.size).toBe('0.30000');

    // 0.1 BTC at 10x: margin 878, bankrupt at 79,020; the index at 75,000 is past it. The fund takes
    // the long over at that price with nothing in its wallet: its equity is -402, so the long is
    // deleveraged at once against erin's short (the only short, in profit).
    const r = await indexPrice(t, 7_500_000n);
    expect(r.code).toBe(ResultCode.OK);
    const liq = r.events.find((e) => e.type === 'perp.liquidation' && e.userId === dan.id);
    expect(liq).toMatchObject({ size: 1_000n, bankruptcyPrice: 7_902_000n });
    const adl = r.events.find((e) => e.type === 'perp.adl');
    // Erin's short from 87,800 closed at 79,020 by 0.1 BTC: (87,800 - 79,020) x 0.1 = +878 USDC.
    // In the engine's units: a tick-lot (0.01 USDC x 0.0001 BTC) is 1 quote unit (10^-6 USDC), so
    // (8,780,000 - 7,902,000) ticks x 1,000 lots = 878,000,000 units = 878.000000 USDC.
    expect(adl).toEqual({
      type: 'perp.adl',
      symbol: PERP,
      userId: erin.id,
      side: 'short',
      qty: 1_000n,
      price: 7_902_000n,
      realisedPnl: 878_000_000n,
    });
    await t.services.engine.idle();
    // The same integer the ledger posted for that close.
    expect(await adlPosted(r.seq, erin.id)).toBe(878_000_000n);

    const rows = (await history(erin.token)).filter((o) => o.origin === 'adl');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'close_short',
      margin_mode: 'isolated',
      quantity: '0.10000',
      filled: '0.10000',
      status: 'filled',
      price: price(7_902_000n),
      fee: '0.000000',
      realized_pnl: '878.000000',
    });
    expect(rows[0]!.price).toBe('79020.00');
    // Only the counterparty's history has it: not the liquidated owner's, not the other long's.
    expect((await history(dan.token)).some((o) => o.origin === 'adl')).toBe(false);
    expect((await history(frank.token)).some((o) => o.origin === 'adl')).toBe(false);
    const short = (await positions(erin.token)).find((p) => p.side === 'short');
    expect(short).toMatchObject({ margin_mode: 'isolated', size: '0.20000' });
    // The fund took nothing for itself and holds no position.
    expect(fund()).toBe(0n);
    expect(t.services.engine.engine.perp.positionsOf('@insurance')).toEqual([]);

    expect((await runAudit(t.db)).problems).toEqual([]);
  });

  it('an adl that closes the whole isolated position keeps its margin mode on the row', async () => {
    const gina = await contractTrader(t, 'adl-gina@example.com', { toContract: '2000' });
    const ivy = await contractTrader(t, 'adl-ivy@example.com');
    // Ivy's cross short at 75,000 (backed by her 50,000 wallet) ranks far below erin's isolated
    // short from 87,800, so the deleveraging takes erin's 0.2 first: all of it.
    expect((await order(ivy.token, 'open_short', 'cross', '75000', '0.2')).status).toBe(200);
    const placed = await order(gina.token, 'open_long', 'isolated', '75000', '0.2');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // 0.2 BTC at 10x: margin 1,500, bankrupt at 67,500; the index at 60,000 is past it.
    const r = await indexPrice(t, 6_000_000n);
    expect(r.code).toBe(ResultCode.OK);
    expect(r.events.find((e) => e.type === 'perp.liquidation' && e.userId === gina.id)).toMatchObject({
      size: 2_000n,
      bankruptcyPrice: 6_750_000n,
    });
    const adl = r.events.filter((e) => e.type === 'perp.adl');
    // The rest of erin's short, 0.2 BTC from 87,800, closed at 67,500: (87,800 - 67,500) x 0.2 =
    // +4,060 USDC; (8,780,000 - 6,750,000) ticks x 2,000 lots = 4,060,000,000 units.
    expect(adl).toEqual([
      {
        type: 'perp.adl',
        symbol: PERP,
        userId: erin.id,
        side: 'short',
        qty: 2_000n,
        price: 6_750_000n,
        realisedPnl: 4_060_000_000n,
      },
    ]);
    await t.services.engine.idle();
    expect(await adlPosted(r.seq, erin.id)).toBe(4_060_000_000n);

    expect((await positions(erin.token)).find((p) => p.side === 'short')).toBeUndefined();
    const rows = (await history(erin.token)).filter((o) => o.origin === 'adl');
    expect(rows).toHaveLength(2);
    const row = rows.find((o) => o.quantity === '0.20000');
    expect(row).toMatchObject({
      action: 'close_short',
      margin_mode: 'isolated',
      quantity: '0.20000',
      filled: '0.20000',
      status: 'filled',
      price: '67500.00',
      fee: '0.000000',
      realized_pnl: '4060.000000',
    });
    // The first close's row keeps its own.
    expect(rows.find((o) => o.quantity === '0.10000')?.realized_pnl).toBe('878.000000');
    expect((await history(ivy.token)).some((o) => o.origin === 'adl')).toBe(false);
    expect((await positions(ivy.token)).find((p) => p.side === 'short')?.size).toBe('0.20000');

    expect((await runAudit(t.db)).problems).toEqual([]);
  });
});
