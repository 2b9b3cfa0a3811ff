// ADR 244: a ledger entry names what it belongs to (`ref`): the caller's own order and its market
// for order holds and fills, the funding round, the transfer, the deposit. The real engine writes the
// entries; a perp maker's fill ref starts with the taker's order id, so these cases also prove that
// a `ref` never names the other user's order.
import type { LedgerEntry, Transfer } from '@ex/contract';
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineDb } from '../src/engine/tables.ts';
import { WalletService } from '../src/wallet/service.ts';
import { openAtMarket, PERP, type Trader } from './helpers/contract.ts';
import { BACKENDS, contractTrader, deposit, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('ledger entries name their cause on %s', (backend) => {
  let t: TestApp;
  let maker: Trader;
  let taker: Trader;
  beforeAll(async () => {
    t = await testApp(backend);
    maker = await contractTrader(t, 'refs-maker@example.com');
    taker = await contractTrader(t, 'refs-taker@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const ledger = async (who: Trader): Promise<LedgerEntry[]> => {
    const res = await t.call<{ list: LedgerEntry[]; total: number }>(
      'GET',
      '/api/app/wallet/ledger?limit=100',
      {
        token: who.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeLessThanOrEqual(100);
    return res.body.data.list;
  };
  const ownOrderIds = async (who: Trader, kind: 'spot' | 'perp') => {
    const rows = await t.db
      .selectFrom('orders' as never)
      .select(['id'] as never[])
      .where('user_id' as never, '=', who.id as never)
      .where('kind' as never, '=', kind as never)
      .execute();
    return new Set((rows as { id: string }[]).map((r) => r.id));
  };

  it('a perp fill: each side`s entries point to its own order and market, never the other`s', async () => {
    await indexPrice(t, 9_700_000n);
    await openAtMarket(t, maker, taker, { side: 'long', price: '97000.00', quantity: '0.01' });
    const makerOrders = await ownOrderIds(maker, 'perp');
    const takerOrders = await ownOrderIds(taker, 'perp');
    expect(makerOrders.size).toBe(1);
    expect(takerOrders.size).toBe(1);
    const [makerOrder] = [...makerOrders];
    const [takerOrder] = [...takerOrders];

    for (const [who, mine, theirs] of [
      [maker, makerOrder!, takerOrder!],
      [taker, takerOrder!, makerOrder!],
    ] as const) {
      const entries = await ledger(who);
      const orderRefs = entries.filter((e) => e.ref?.kind === 'order');
      // The hold and its release at the fill at least.
      expect(orderRefs.map((e) => e.type)).toEqual(
        expect.arrayContaining(['postingOrder', 'refundPostingOrder']),
      );
      for (const e of orderRefs) {
        expect(e.ref).toMatchObject({ kind: 'order', order_id: mine, market: PERP });
        expect(e.ref).not.toMatchObject({ order_id: theirs });
      }
      // The fill's entries carry the trade by its public id (ADR 254): the first trade of the
      // taker's placing command (whose seq is the order id), never the engine's `<taker order>:0`.
      const release = orderRefs.find((e) => e.type === 'refundPostingOrder')!;
      expect(release.ref).toMatchObject({ trade_id: `${takerOrder}-0` });
      expect(release.ref_id).toBe(`${takerOrder}-0:${who === maker ? 'm' : 't'}`);
      // Only the caller's own rows, as before.
      const own = await t.db
        .selectFrom('ledger_entries' as never)
        .select(['id'] as never[])
        .where('owner' as never, '=', who.id as never)
        .where('available_delta' as never, '<>', '0' as never)
        .execute();
      expect(new Set(entries.map((e) => e.id))).toEqual(new Set((own as { id: string }[]).map((r) => r.id)));
    }
  });

  it('a spot trade: the execution entry names the caller`s side of the trade', async () => {
    await deposit(t, maker.id, 'BTC', 10_000_000n);
    const sell = await t.call<{ id: string; status: string }>('POST', '/api/app/spot/orders', {
      token: maker.token,
      body: { symbol: 'BTC_USDC', side: 'sell', type: 'limit', price: '90000.00', quantity: '0.01' },
    });
    expect(sell.status).toBe(200);
    const buy = await t.call<{ id: string; status: string }>('POST', '/api/app/spot/orders', {
      token: taker.token,
      body: { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '90000.00', quantity: '0.01' },
    });
    expect(buy.status).toBe(200);
    for (const [who, mine] of [
      [maker, sell.body.data.id],
      [taker, buy.body.data.id],
    ] as const) {
      const entries = await ledger(who);
      const fills = entries.filter((e) => e.type === 'execution');
      expect(fills.length).toBeGreaterThan(0);
      for (const e of fills) {
        expect(e.ref).toEqual({
          kind: 'order',
          order_id: mine,
          market: 'BTC_USDC',
          trade_id: `${buy.body.data.id}-0`,
        });
        // The raw reference is the public trade id too: the maker does not read the taker's order.
        expect(e.ref_id).toBe(`${buy.body.data.id}-0`);
      }
    }
    // The buyer's hold names its order too.
    const hold = (await ledger(taker)).find((e) => e.type === 'postingOrder' && e.coin === 'USDC');
    expect(hold?.ref).toEqual({ kind: 'order', order_id: buy.body.data.id, market: 'BTC_USDC' });
  });

  it('a page looks its trades up once, for both its refs and its shown ref ids', async () => {
    // The SQL of every query the page sends, through a plugin on the database the service reads. A
    // union's arm is transformed on its own too but never sent: only a query with a result counts.
    // Builders made from one base share its query id (the page and its count): first in, first out.
    const built = new Map<string, string[]>();
    const queries: string[] = [];
    const edb = engineDb(t.db).withPlugin({
      transformQuery: ({ node, queryId }) => {
        const sql = t.db.getExecutor().compileQuery(node, queryId).sql;
        built.set(queryId.queryId, [...(built.get(queryId.queryId) ?? []), sql]);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        queries.push(built.get(queryId.queryId)!.shift()!);
        return result;
      },
    });
    // The ledger page reads only the database (the engine and the idempotency gate are for writes).
    const wallet = new WalletService(undefined as never, edb, undefined as never);
    for (const who of [maker, taker]) {
      queries.length = 0;
      const page = await wallet.ledger(who.id, { page: 1, limit: 100 });
      // The page has perp and spot fills of both sides, and reads as the route's.
      expect(
        page.list.filter((e) => e.ref?.kind === 'order' && e.ref.trade_id !== undefined).length,
      ).toBeGreaterThan(2);
      expect(page.list).toEqual(await ledger(who));

      expect(queries.filter((q) => /"trades"/.test(q))).toHaveLength(1);
    }
  });

  it('transfers and deposits name themselves', async () => {
    const entries = await ledger(maker);
    const transfers = (
      await t.call<{ list: Transfer[] }>('GET', '/api/app/wallet/transfers', { token: maker.token })
    ).body.data.list;
    expect(transfers).toHaveLength(1);
    const moves = entries.filter((e) => e.type === 'transferIn' || e.type === 'transferOut');
    expect(moves).toHaveLength(2);
    for (const e of moves) expect(e.ref).toEqual({ kind: 'transfer', transfer_id: transfers[0]!.id });
    const deposits = entries.filter((e) => e.type === 'deposit');
    expect(deposits.length).toBe(2);
    for (const e of deposits) expect(e.ref).toEqual({ kind: 'deposit', deposit_id: e.ref_id });
  });

  it('a funding settlement names the market and the interval end', async () => {
    const engine = t.services.engine;
    const at = engine.engine.perp.state(PERP)!.nextFundingTs;
    t.clock.advance(at + 1 - t.clock.now());
    expect((await engine.submit({ type: 'fundingTick', symbol: PERP })).code).toBe(ResultCode.OK);
    const funding = [...(await ledger(maker)), ...(await ledger(taker))].filter(
      (e) => e.type === 'system' && e.ref_id.startsWith('funding:'),
    );
    expect(funding.length).toBeGreaterThan(0);
    for (const e of funding) expect(e.ref).toEqual({ kind: 'funding', market: PERP, at });
  });

  it('an unknown reference gives no ref and keeps the raw one', async () => {
    const { parseRef } = await import('../src/wallet/refs.ts');
    expect(parseRef({ type: 'system', ref_id: 'earn:redeem:7' })).toBeUndefined();
    expect(parseRef({ type: 'positionMargin', ref_id: 'realise:u1:BTC_USDC_PERP:long:#4' })).toBeUndefined();
    // An older shape of a liquidation ref still names its market (ADR 245 reads the full one).
    expect(parseRef({ type: 'positionClose', ref_id: 'liq:u1:BTC_USDC_PERP:x:#9' })).toEqual({
      kind: 'ref',
      ref: { kind: 'liquidation', market: 'BTC_USDC_PERP' },
    });
  });
});
