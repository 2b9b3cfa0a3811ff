// Issue 8, the order features (ADRs 135-139) through the API: time in force and self-trade
// prevention, stop-limit / stop-market / trailing stop on the mark or the last price, amend,
// cancel-all, leverage change with a position, engine-made TP/SL order rows with fees and realised
// PnL, the ADL lights; and the attacks: another user's order, a price outside the band, a trigger
// on a last price one user can print.
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

interface Order {
  id: string;
  type: string;
  status: string;
  price: string | null;
  quantity: string;
  filled: string;
  time_in_force: string | null;
  stp: string | null;
  trigger_price: string | null;
  trigger_by: string | null;
  callback_rate: string | null;
  triggered: boolean;
  origin: string;
  fee: string;
  realized_pnl: string;
}
interface Page {
  list: Order[];
  total: number;
}

describe.each(BACKENDS)('contract orders on %s', (backend) => {
  let t: TestApp;
  const users: Record<'a' | 'b' | 'c', { token: string; id: string }> = {} as never;
  const index = (ticks: bigint) => indexPrice(t, ticks);
  beforeAll(async () => {
    t = await testApp(backend);
    for (const k of ['a', 'b', 'c'] as const) users[k] = await contractTrader(t, `co-${k}@example.com`);
    expect((await index(9_700_000n)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t.close();
  });

  const place = (who: 'a' | 'b' | 'c', body: Record<string, unknown>) =>
    t.call<Order>('POST', '/api/app/contract/orders', {
      token: users[who].token,
      body: { symbol: 'BTC_USDC_PERP', quantity: '0.01', leverage: 10, margin_mode: 'cross', ...body },
      lang: 'en',
    });
  const open = async (who: 'a' | 'b' | 'c') =>
    (await t.call<Page>('GET', '/api/app/contract/orders?status=open', { token: users[who].token })).body
      .data;
  const history = async (who: 'a' | 'b' | 'c') =>
    (
      await t.call<Page>('GET', '/api/app/contract/orders?status=history&limit=50', {
        token: users[who].token,
      })
    ).body.data;
  const amend = (who: 'a' | 'b' | 'c', id: string, body: Record<string, unknown>) =>
    t.call<Order>('POST', `/api/app/contract/orders/${id}/amend`, {
      token: users[who].token,
      body,
      lang: 'en',
    });
  const frozen = async (who: 'a' | 'b' | 'c') =>
    (
      await t.call<{ contract: { frozen: string } }>('GET', '/api/app/wallet/balances', {
        token: users[who].token,
      })
    ).body.data.contract.frozen;

  it('validates the new fields; nothing changes on refusal', async () => {
    const journal = t.services.engine.journalLength;
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'open_long', type: 'limit', price: '96000', time_in_force: 'DAY' }, 'time_in_force'],
      [{ action: 'open_long', type: 'market', time_in_force: 'POST_ONLY' }, 'time_in_force'],
      [{ action: 'open_long', type: 'limit', price: '96000', stp: 'maybe' }, 'stp'],
      [{ action: 'open_long', type: 'stop_market' }, 'trigger_price'],
      [{ action: 'open_long', type: 'stop_limit', trigger_price: '98000' }, 'price'],
      [{ action: 'open_long', type: 'trailing_stop' }, 'callback_rate'],
      [{ action: 'open_long', type: 'trailing_stop', callback_rate: '20' }, 'callback_rate'],
      [
        { action: 'open_long', type: 'trailing_stop', callback_rate: '1', trigger_price: '98000' },
        'trigger_price',
      ],
      [{ action: 'open_long', type: 'limit', price: '96000', trigger_price: '98000' }, 'trigger_price'],
      [
        { action: 'open_long', type: 'stop_market', trigger_price: '98000', trigger_by: 'index' },
        'trigger_by',
      ],
    ];
    for (const [body, field] of cases) {
      const r = await place('a', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors?.[field], JSON.stringify(r.body)).toBeDefined();
    }
    // A trigger at the mark itself would fire at once.
    const now = await place('a', { action: 'open_long', type: 'stop_market', trigger_price: '97000' });
    expect(now.body).toMatchObject({ code: 2200 });
    expect(t.services.engine.journalLength).toBe(journal);
  });

  it('a stop-limit with post-only: in the open orders, amended, cancelled with everything else', async () => {
    const stop = await place('a', {
      action: 'open_long',
      type: 'stop_limit',
      price: '98100',
      trigger_price: '98000',
      time_in_force: 'POST_ONLY',
      stp: 'cancel_both',
    });
    expect(stop.status).toBe(200);
    expect(stop.body.data).toMatchObject({
      type: 'stop_limit',
      status: 'open',
      price: '98100.00',
      trigger_price: '98000.00',
      trigger_by: 'mark',
      time_in_force: 'POST_ONLY',
      stp: 'cancel_both',
      triggered: false,
      origin: 'user',
    });
    // A stop holds nothing until it fires.
    expect(await frozen('a')).toBe('0.000000');
    const rest = await place('a', {
      action: 'open_long',
      type: 'limit',
      price: '96000',
      time_in_force: 'GTC',
    });
    expect(rest.body.data.time_in_force).toBe('GTC');
    expect((await open('a')).list.map((o) => o.id).sort()).toEqual(
      [stop.body.data.id, rest.body.data.id].sort(),
    );

    const moved = await amend('a', stop.body.data.id, { trigger_price: '98500', price: '98600' });
    expect(moved.body.data).toMatchObject({ trigger_price: '98500.00', price: '98600.00', status: 'open' });
    const bigger = await amend('a', rest.body.data.id, { quantity: '0.02', price: '96100' });
    expect(bigger.body.data).toMatchObject({ quantity: '0.02000', price: '96100.00' });
    expect(await frozen('a')).not.toBe('0.000000');

    // Attacks: another user's order is not found; a price outside the band is refused unchanged.
    const journal = t.services.engine.journalLength;
    expect((await amend('b', rest.body.data.id, { price: '96200' })).status).toBe(404);
    expect((await amend('b', stop.body.data.id, { trigger_price: '99000' })).status).toBe(404);
    expect(
      (await t.call('DELETE', `/api/app/contract/orders/${stop.body.data.id}`, { token: users.b.token }))
        .status,
    ).toBe(404);
    const far = await amend('a', rest.body.data.id, { price: '50000' });
    expect(far.body.code).toBe(2130);
    const wrongSide = await amend('a', stop.body.data.id, { trigger_price: '96000' });
    expect(wrongSide.body.code).toBe(2200);
    expect(t.services.engine.journalLength).toBe(journal);

    const all = await t.call<{ cancelled: number }>('POST', '/api/app/contract/orders/cancel-all', {
      token: users.a.token,
      body: { symbol: 'BTC_USDC_PERP' },
    });
    expect(all.body.data.cancelled).toBe(2);
    expect((await open('a')).list).toEqual([]);
    expect(await frozen('a')).toBe('0.000000');
    const done = (await history('a')).list.filter((o) => o.status === 'cancelled').map((o) => o.id);
    expect(done).toEqual(expect.arrayContaining([stop.body.data.id, rest.body.data.id]));
  });

  it('a stop on the mark ignores a printed last price; one on the last fires; fills show fee', async () => {
    // b opens a long against c to have something to stop.
    expect((await place('c', { action: 'open_short', type: 'limit', price: '97000' })).status).toBe(200);
    expect((await place('b', { action: 'open_long', type: 'market' })).body.data.status).toBe('filled');
    const onMark = await place('b', {
      action: 'close_long',
      type: 'stop_market',
      trigger_price: '96500',
      trigger_by: 'mark',
      quantity: '0.005',
    });
    const onLast = await place('b', {
      action: 'close_long',
      type: 'stop_market',
      trigger_price: '96500',
      trigger_by: 'last',
      quantity: '0.005',
    });
    expect(onLast.body.data.trigger_by).toBe('last');
    // c leaves a deep bid for the stops to sell into, and a and c print a trade at 96,400.
    await place('c', { action: 'open_long', type: 'limit', price: '96400', quantity: '0.02' });
    await place('a', { action: 'open_short', type: 'limit', price: '96400', quantity: '0.001', stp: 'none' });
    const o = await open('b');
    expect(o.list.map((x) => x.id)).toEqual([onMark.body.data.id]);
    const fired = (await history('b')).list.find((x) => x.id === onLast.body.data.id)!;
    expect(fired).toMatchObject({ status: 'filled', triggered: true, filled: '0.00500' });
    expect(fired.fee).not.toBe('0.000000');
    expect(fired.realized_pnl.startsWith('-')).toBe(true);
  });

  it('leverage changes with a position when the margin allows; positions show ADL lights', async () => {
    const up = await t.call('POST', '/api/app/contract/leverage', {
      token: users.b.token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 20, margin_mode: 'cross' },
    });
    expect(up.status).toBe(200);
    const pos = await t.call<{ leverage: number; adl_lights: number; tpsl_by: string }[]>(
      'GET',
      '/api/app/contract/positions',
      { token: users.b.token },
    );
    expect(pos.body.data[0]).toMatchObject({ leverage: 20, tpsl_by: 'mark' });
    expect(pos.body.data[0]!.adl_lights).toBeGreaterThanOrEqual(1);
    expect(pos.body.data[0]!.adl_lights).toBeLessThanOrEqual(5);
  });

  it('a TP/SL close made by the engine gets an order row with its fee and realised PnL', async () => {
    const id = 'BTC_USDC_PERP:cross:long';
    const sl = await t.call('POST', `/api/app/contract/positions/${id}/tpsl`, {
      token: users.b.token,
      body: { sl_price: '96000.00', trigger_by: 'mark' },
    });
    expect(sl.status).toBe(200);
    await place('c', { action: 'open_long', type: 'limit', price: '95900', quantity: '0.02' });
    await index(9_590_000n);
    const rows = (await history('b')).list.filter((o) => o.origin === 'sl');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'filled', type: 'market' });
    expect(rows[0]!.fee).not.toBe('0.000000');
    const left = await t.call<unknown[]>('GET', '/api/app/contract/positions', { token: users.b.token });
    expect(left.body.data).toEqual([]);
    // The stop on the mark that was waiting for this position is gone with it.
    expect((await open('b')).list).toEqual([]);
  });

  it('a partial TP/SL places conditional closes of that quantity', async () => {
    await t.call('POST', '/api/app/contract/orders/cancel-all', { token: users.c.token, body: {} });
    await place('c', { action: 'open_short', type: 'limit', price: '95900', quantity: '0.01' });
    expect((await place('b', { action: 'open_long', type: 'market' })).body.data.status).toBe('filled');
    const r = await t.call('POST', '/api/app/contract/positions/BTC_USDC_PERP:cross:long/tpsl', {
      token: users.b.token,
      body: { tp_price: '97000.00', sl_price: '94000.00', quantity: '0.004', trigger_by: 'last' },
    });
    expect(r.status).toBe(200);
    const list = (await open('b')).list;
    expect(list.map((o) => [o.type, o.quantity, o.trigger_price, o.trigger_by])).toEqual(
      expect.arrayContaining([
        ['stop_market', '0.00400', '97000.00', 'last'],
        ['stop_market', '0.00400', '94000.00', 'last'],
      ]),
    );
    const theirs = await t.call('POST', '/api/app/contract/positions/BTC_USDC_PERP:cross:long/tpsl', {
      token: users.a.token,
      body: { tp_price: '97000.00', quantity: '0.004' },
    });
    expect(theirs.status).toBe(404);
  });

  it('leverage with a position: lowered only as far as the margin allows; a trailing stop follows the mark', async () => {
    expect(
      (await place('c', { action: 'open_short', type: 'limit', price: '95900', quantity: '0.6' })).status,
    ).toBe(200);
    const long = await place('a', { action: 'open_long', type: 'market', quantity: '0.6', leverage: 20 });
    expect(long.body.data.status).toBe('filled');
    const journal = t.services.engine.journalLength;
    const one = await t.call('POST', '/api/app/contract/leverage', {
      token: users.a.token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 1, margin_mode: 'cross' },
      lang: 'en',
    });
    expect(one.body).toMatchObject({ code: 2202, message: 'The margin is not enough for this leverage' });
    expect(t.services.engine.journalLength).toBe(journal);
    const fifty = await t.call('POST', '/api/app/contract/leverage', {
      token: users.a.token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 50, margin_mode: 'cross' },
    });
    expect(fifty.status).toBe(200);
    const trail = await place('a', {
      action: 'close_long',
      type: 'trailing_stop',
      quantity: '0.6',
      leverage: 50,
      callback_rate: '1.5',
    });
    expect(trail.body.data).toMatchObject({ type: 'trailing_stop', callback_rate: '1.50', triggered: false });
    const mark = BigInt(t.services.engine.engine.perp.state('BTC_USDC_PERP')!.markPrice);
    // 1.5% under the mark, rounded down to the tick (0.01).
    const expected = (mark * 985_000n) / 1_000_000n;
    expect(trail.body.data.trigger_price).toBe(
      `${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`,
    );
  });

  it('the engine state replays to the same hash', async () => {
    await t.services.engine.idle();
    const hash = t.services.engine.stateHash();
    expect(hash).toBe(t.services.engine.engine.stateHash());
  });
});
