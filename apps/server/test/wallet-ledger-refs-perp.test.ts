// ADR 245: liquidation, ADL and realise entries name the caller's position and the order row the
// engine made for it (or, for a realise, the close that needed it), and only ever the caller's: the
// real engine liquidates and deleverages here, several users in one command, so a lookup that
// forgot the owner would name another user's row.
import type { ContractOrder, LedgerEntry, LedgerRef } from '@ex/contract';
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineDb } from '../src/engine/tables.ts';
import { describeRefs, parseRef } from '../src/wallet/refs.ts';
import {
  contractHistory,
  contractPositions,
  PERP,
  placeContractOrder,
  type Trader,
} from './helpers/contract.ts';
import { postMarketParams, signInOperators } from './helpers/operators.ts';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

const ledgerOf = async (t: TestApp, who: Trader): Promise<LedgerEntry[]> => {
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

/** Every order a ref of `who`'s ledger names is one of `who`'s own orders. */
const expectOnlyOwnOrders = async (t: TestApp, who: Trader) => {
  const own = await engineDb(t.db).selectFrom('orders').select('id').where('user_id', '=', who.id).execute();
  const ids = new Set(own.map((o) => o.id));
  for (const e of await ledgerOf(t, who)) {
    const ref = e.ref as (LedgerRef & { order_id?: string }) | undefined;
    if (ref?.order_id !== undefined) expect(ids, `${e.type} ${e.ref_id}`).toContain(ref.order_id);
    if (ref && 'position_id' in ref && ref.position_id !== undefined)
      expect(ref.position_id.startsWith(`${ref.market}:`)).toBe(true);
  }
};

const order = (t: TestApp, who: Trader, action: string, mode: string, price: string, quantity: string) =>
  placeContractOrder(t, who.token, { action, margin_mode: mode, price, quantity });

describe.each(BACKENDS)('liquidation and ADL entries name the position on %s', (backend) => {
  let t: TestApp;
  let dan: Trader;
  let dora: Trader;
  let erin: Trader;
  beforeAll(async () => {
    t = await testApp(backend);
    // The contract-adl suite's case with two longs: both taken over by the (empty) fund in one
    // price update, then deleveraged against erin's short in the same command.
    expect((await indexPrice(t, 8_780_000n)).code).toBe(ResultCode.OK);
    dan = await contractTrader(t, 'refs-liq-dan@example.com', { toContract: '2000' });
    dora = await contractTrader(t, 'refs-liq-dora@example.com', { toContract: '2000' });
    erin = await contractTrader(t, 'refs-liq-erin@example.com');
    expect((await order(t, erin, 'open_short', 'isolated', '87800', '0.2')).status).toBe(200);
    expect((await order(t, dan, 'open_long', 'isolated', '87800', '0.1')).status).toBe(200);
    expect((await order(t, dora, 'open_long', 'isolated', '87800', '0.1')).status).toBe(200);
    const r = await indexPrice(t, 7_500_000n);
    expect(r.code).toBe(ResultCode.OK);
    expect(r.events.filter((e) => e.type === 'perp.liquidation').map((e) => e.userId)).toEqual([
      dan.id,
      dora.id,
    ]);
    expect(r.events.filter((e) => e.type === 'perp.adl').map((e) => e.userId)).toEqual([erin.id]);
    await t.services.engine.idle();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const rowOf = async (who: Trader, origin: ContractOrder['origin']) => {
    const rows = (await contractHistory(t, who.token)).filter((o) => o.origin === origin);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('each liquidated owner`s entries name their own position and liquidation order, not the other`s', async () => {
    const danRow = await rowOf(dan, 'liquidation');
    const doraRow = await rowOf(dora, 'liquidation');
    // One command, two rows of the same market, mode and side: only the owner tells them apart.
    expect(danRow.id.split(':').slice(0, 2)).toEqual(doraRow.id.split(':').slice(0, 2));
    for (const [who, mine, theirs] of [
      [dan, danRow.id, doraRow.id],
      [dora, doraRow.id, danRow.id],
    ] as const) {
      const liq = (await ledgerOf(t, who)).filter((e) => e.ref_id.startsWith('liq:'));
      expect(liq.length).toBeGreaterThan(0);
      for (const e of liq) {
        expect(e.ref).toEqual({
          kind: 'liquidation',
          market: PERP,
          position_id: `${PERP}:isolated:long`,
          side: 'long',
          margin_mode: 'isolated',
          order_id: mine,
        });
        expect(JSON.stringify(e.ref)).not.toContain(theirs);
      }
      await expectOnlyOwnOrders(t, who);
    }
  });

  it('the deleveraged counterparty`s entries name its position and its ADL order', async () => {
    const adlRow = await rowOf(erin, 'adl');
    const adl = (await ledgerOf(t, erin)).filter((e) => e.ref_id.startsWith('adl:'));
    expect(adl.length).toBeGreaterThan(0);
    for (const e of adl) {
      expect(e.ref).toEqual({
        kind: 'adl',
        market: PERP,
        position_id: `${PERP}:isolated:short`,
        side: 'short',
        margin_mode: 'isolated',
        order_id: adlRow.id,
      });
    }
    await expectOnlyOwnOrders(t, erin);
  });

  it('the console`s user detail carries the same refs (its ledger shows them as "Belongs to")', async () => {
    const ops = await signInOperators(t);
    const res = await t.call<{ ledger: LedgerEntry[] }>('GET', `/api/admin/users/${dan.id}`, {
      token: ops.support,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const liq = res.body.data.ledger.filter((e) => e.ref_id.startsWith('liq:'));
    expect(liq.length).toBeGreaterThan(0);
    const danRow = await rowOf(dan, 'liquidation');
    for (const e of liq)
      expect(e.ref).toMatchObject({ kind: 'liquidation', order_id: danRow.id, side: 'long' });
  });

  it('another user`s liquidation or ADL rows read as the caller`s give nothing', async () => {
    const rows = await engineDb(t.db)
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner', 'in', [dan.id, erin.id])
      .where((eb) => eb.or([eb('ref_id', 'like', 'liq:%'), eb('ref_id', 'like', 'adl:%')]))
      .execute();
    expect(rows.some((r) => r.owner === dan.id) && rows.some((r) => r.owner === erin.id)).toBe(true);
    // Dora asks about dan's and erin's rows (same command, same market): no ref names anything.
    expect(await describeRefs(engineDb(t.db), dora.id, rows)).toEqual(rows.map(() => undefined));
  });
});

describe.each(BACKENDS)('realised profit entries name the position and the close on %s', (backend) => {
  let t: TestApp;
  let mia: Trader;
  let rita: Trader;
  let closeId: string;
  beforeAll(async () => {
    t = await testApp(backend);
    expect((await indexPrice(t, 8_780_000n)).code).toBe(ResultCode.OK);
    mia = await contractTrader(t, 'refs-real-mia@example.com');
    rita = await contractTrader(t, 'refs-real-rita@example.com', { toContract: '2000' });
    // Rita holds a cross long and a cross short of 0.1 BTC at 87,800 side by side (hedge mode).
    expect((await order(t, mia, 'open_short', 'cross', '87800', '0.1')).status).toBe(200);
    expect((await order(t, rita, 'open_long', 'cross', '87800', '0.1')).status).toBe(200);
    expect((await order(t, mia, 'open_long', 'cross', '87800', '0.1')).status).toBe(200);
    expect((await order(t, rita, 'open_short', 'cross', '87800', '0.1')).status).toBe(200);
    // At 50,000 the long has lost 3,780, more than her wallet (2,000 less fees); the short has won
    // as much, so she is far from liquidation.
    expect((await indexPrice(t, 5_000_000n)).code).toBe(ResultCode.OK);
    expect((await order(t, mia, 'open_long', 'cross', '50000', '0.1')).status).toBe(200);
    const close = await placeContractOrder(t, rita.token, {
      action: 'close_long',
      type: 'market',
      quantity: '0.1',
    });
    expect(close.body.data.status, JSON.stringify(close.body)).toBe('filled');
    closeId = close.body.data.id;
    await t.services.engine.idle();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the short`s profit realised to pay the long`s loss names the short and rita`s closing order', async () => {
    const entries = await ledgerOf(t, rita);
    const realised = entries.filter((e) => e.ref_id.startsWith('realise:'));
    expect(realised.length).toBeGreaterThan(0);
    const short = (await contractPositions(t, rita.token)).find((p) => p.side === 'short');
    expect(short?.id).toBe(`${PERP}:cross:short`);
    for (const e of realised) {
      expect(e.type).toBe('positionClose');
      expect(e.ref).toEqual({
        kind: 'realised',
        market: PERP,
        position_id: short!.id,
        side: 'short',
        margin_mode: 'cross',
        cause: 'order',
        order_id: closeId,
        trade_id: `${closeId}-0`,
      });
    }
    // The close itself names the order, its fill and the long it closed.
    const closing = entries.filter((e) => e.type === 'positionClose' && e.ref_id === `${closeId}-0:t`);
    expect(closing.length).toBeGreaterThan(0);
    for (const e of closing) {
      expect(e.ref).toEqual({
        kind: 'order',
        order_id: closeId,
        market: PERP,
        trade_id: `${closeId}-0`,
        position_id: `${PERP}:cross:long`,
        side: 'long',
        margin_mode: 'cross',
      });
    }
    await expectOnlyOwnOrders(t, rita);
  });

  it('the maker of that close sees its own order and position, never rita`s', async () => {
    const entries = await ledgerOf(t, mia);
    const fill = entries.filter((e) => e.ref_id === `${closeId}-0:m`);
    expect(fill.length).toBeGreaterThan(0);
    for (const e of fill) {
      expect(e.ref?.kind).toBe('order');
      expect(JSON.stringify(e.ref)).not.toContain(`"order_id":"${closeId}"`);
    }
    expect(entries.some((e) => e.ref?.kind === 'realised')).toBe(false);
    await expectOnlyOwnOrders(t, mia);
    // Rita's realise rows asked as mia's: nothing.
    const rows = await engineDb(t.db)
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner', '=', rita.id)
      .where('ref_id', 'like', 'realise:%')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(await describeRefs(engineDb(t.db), mia.id, rows)).toEqual(rows.map(() => undefined));
  });
});

describe.each(BACKENDS)(
  'what a realise was for, from the owner`s next entry of its command on %s',
  (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(backend);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    // Journal rows as the projector writes them, for commands the engine makes rarely (a funding
    // payment or a liquidation that realises a cross profit first); only the fields refs read matter.
    let seq = 900_000;
    const row = (owner: string, command: number, type: string, ref: string) => {
      seq += 1;
      return {
        id: `${seq}:${owner}/contract/USDC`,
        entry_seq: String(seq),
        command_seq: String(command),
        owner,
        account: 'contract',
        coin: 'USDC',
        type,
        ref_id: ref,
        amount: '1',
        available_delta: '1',
        frozen_delta: '0',
        available_after: '1',
        frozen_after: '0',
        created_at: '0',
      };
    };
    const refsOf = async (userId: string, rows: ReturnType<typeof row>[]) => {
      await engineDb(t.db).insertInto('ledger_entries').values(rows).execute();
      return describeRefs(engineDb(t.db), userId, rows);
    };
    const short = { position_id: `${PERP}:cross:short`, side: 'short', margin_mode: 'cross' } as const;

    it('funding: the payment after it; a margin call`s released hold before it does not count', async () => {
      const rows = [
        row('u1', 1, 'refundPostingOrder', '41'),
        row('u1', 1, 'positionClose', `realise:u1:${PERP}:short:#3`),
        // Another user's entry in between is not u1's cause.
        row('u2', 1, 'positionClose', '50:0:t'),
        row('u1', 1, 'system', `funding:${PERP}:1795000000000`),
      ];
      const refs = await refsOf('u1', rows);
      expect(refs[1]).toEqual({ kind: 'realised', market: PERP, ...short, cause: 'funding' });
    });

    it('a liquidation of the other position: its ref, with the owner`s liquidation row where it is one', async () => {
      const rows = [
        row('u3', 2, 'positionClose', `realise:u3:${PERP}:short:#5`),
        row('u3', 2, 'positionClose', `liq:u3:${PERP}:cross:long:#6`),
      ];
      await engineDb(t.db)
        .insertInto('orders')
        .values({
          id: 'liq:2:0',
          user_id: 'u3',
          market: PERP,
          kind: 'perp',
          side: 'sell',
          type: 'market',
          action: 'close_long',
          margin_mode: 'cross',
          leverage: 10,
          price: '1.00',
          quantity: '0.10000',
          quote_amount: null,
          filled: '0.10000',
          filled_value: '0.100000',
          status: 'filled',
          client_order_id: null,
          created_at: '0',
          updated_at: '0',
          origin: 'liquidation',
        })
        .execute();
      const refs = await refsOf('u3', rows);
      expect(refs[0]).toEqual({
        kind: 'realised',
        market: PERP,
        ...short,
        cause: 'liquidation',
        order_id: 'liq:2:0',
      });
      expect(refs[1]).toMatchObject({ kind: 'liquidation', side: 'long', order_id: 'liq:2:0' });
      // The same rows asked by anyone else: nothing, not even the position.
      expect(await describeRefs(engineDb(t.db), 'u4', rows)).toEqual([undefined, undefined]);
    });

    it('nothing after it in the command: the position alone', async () => {
      const refs = await refsOf('u5', [row('u5', 3, 'positionClose', `realise:u5:${PERP}:short:#8`)]);
      expect(refs[0]).toEqual({ kind: 'realised', market: PERP, ...short });
    });
  },
);

describe.each(BACKENDS)('a tiered liquidation step names its order on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
    const ops = await signInOperators(t);
    const r = await postMarketParams(t, PERP, { liquidation_fee_rate: '0.001' }, ops.admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the step`s fill and clearance fee name alice`s liquidation order; carol`s fill against it is carol`s order', async () => {
    // The contract-tier-liquidation suite's first case.
    expect((await indexPrice(t, 9_700_000n)).code).toBe(ResultCode.OK);
    const alice = await contractTrader(t, 'refs-tier-alice@example.com', { toContract: '20000' });
    const bob = await contractTrader(t, 'refs-tier-bob@example.com');
    const carol = await contractTrader(t, 'refs-tier-carol@example.com');
    expect((await order(t, bob, 'open_short', 'cross', '97000', '1.5')).status).toBe(200);
    expect((await order(t, alice, 'open_long', 'isolated', '97000', '1.5')).status).toBe(200);
    const bid = await order(t, carol, 'open_long', 'cross', '87700', '1');
    expect(bid.status).toBe(200);
    const r = await indexPrice(t, 8_770_000n);
    expect(r.events.find((e) => e.type === 'perp.tierReduction')).toMatchObject({ userId: alice.id });
    await t.services.engine.idle();
    const step = (await contractHistory(t, alice.token)).find((o) => o.origin === 'liquidation')!;
    expect(step.id.startsWith(`tier:${alice.id}:`)).toBe(true);

    const mine = (await ledgerOf(t, alice)).filter((e) => e.ref_id.startsWith('tier:'));
    // The fill's close and fee; the margin the step gave back to the position, the clearance fee.
    expect(new Set(mine.map((e) => e.type))).toEqual(
      new Set(['positionClose', 'positionFee', 'positionMargin']),
    );
    for (const e of mine) {
      expect(e.ref).toEqual({
        kind: 'liquidation',
        market: PERP,
        position_id: `${PERP}:isolated:long`,
        side: 'long',
        margin_mode: 'isolated',
        order_id: step.id,
      });
    }
    await expectOnlyOwnOrders(t, alice);

    // Before ADR 245 carol's fill read "Liquidation" (its engine ref starts with alice's tier order
    // id): it is carol's own order now. Since ADR 254 nothing of alice's reaches carol at all: the
    // ref and the raw reference name the trade by its public id, not `tier:<alice>:...:0`.
    const carols = await ledgerOf(t, carol);
    const theirs = carols.filter(
      (e) => e.ref?.kind === 'order' && e.ref.order_id === bid.body.data.id && e.ref.trade_id !== undefined,
    );
    expect(theirs.length).toBeGreaterThan(0);
    for (const e of theirs) {
      expect(e.ref_id).toMatch(/^\d+-\d+:m$/);
      expect(e.ref).toEqual({
        kind: 'order',
        order_id: bid.body.data.id,
        market: PERP,
        trade_id: e.ref_id.slice(0, -2),
      });
    }
    expect(JSON.stringify(carols)).not.toContain(`tier:${alice.id}`);
    // Nor does the public trade list (no login) show whose step it was.
    const tape = await t.call<{ id: string }[]>('GET', `/api/app/market/trades?symbol=${PERP}`);
    expect(tape.body.data.length).toBeGreaterThan(0);
    for (const trade of tape.body.data) expect(trade.id).toMatch(/^\d+-\d+$/);
    await expectOnlyOwnOrders(t, carol);
  });
});

describe('parseRef of the liquidation family', () => {
  it('reads owner, market, mode and side; a tier fill`s maker side is a plain fill', () => {
    expect(parseRef({ type: 'positionClose', ref_id: 'liq:u1:BTC_USDC_PERP:cross:long:#9' })).toEqual({
      kind: 'liquidation',
      owner: 'u1',
      market: 'BTC_USDC_PERP',
      mode: 'cross',
      side: 'long',
    });
    expect(parseRef({ type: 'positionFee', ref_id: 'tier:u1:BTC_USDC_PERP:isolated:short:#4' })).toEqual({
      kind: 'liquidation',
      owner: 'u1',
      market: 'BTC_USDC_PERP',
      mode: 'isolated',
      side: 'short',
      orderId: 'tier:u1:BTC_USDC_PERP:isolated:short:#4',
    });
    expect(
      parseRef({ type: 'positionClose', ref_id: 'tier:u1:BTC_USDC_PERP:isolated:short:#4:2:t' }),
    ).toEqual(
      expect.objectContaining({ kind: 'liquidation', orderId: 'tier:u1:BTC_USDC_PERP:isolated:short:#4' }),
    );
    expect(
      parseRef({ type: 'positionClose', ref_id: 'tier:u1:BTC_USDC_PERP:isolated:short:#4:2:m' }),
    ).toEqual({
      kind: 'fill',
      tradeId: 'tier:u1:BTC_USDC_PERP:isolated:short:#4:2',
      role: 'm',
      closes: true,
    });
    expect(parseRef({ type: 'positionClose', ref_id: 'adl:BTC_USDC_PERP:u2:cross:#12' })).toEqual({
      kind: 'adl',
      owner: 'u2',
      market: 'BTC_USDC_PERP',
      mode: 'cross',
    });
    expect(parseRef({ type: 'positionClose', ref_id: 'realise:u3:ETH_USDC_PERP:short:#7' })).toEqual({
      kind: 'realise',
      owner: 'u3',
      market: 'ETH_USDC_PERP',
      side: 'short',
    });
  });
});
