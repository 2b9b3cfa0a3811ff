// Close-all (ADR 196) through the API: every own position (or one market's) is market-closed, each
// with its own closePosition command; another user's positions and orders stay as they were; a
// position whose close meets no liquidity within the protection stays open, is reported with a
// localised reason, and the others are still closed; a repeat (also a racing one) closes nothing.
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

interface Position {
  id: string;
  side: 'long' | 'short';
  size: string;
}
interface Item {
  position_id: string;
  status: 'closed' | 'partly_closed' | 'not_closed';
  size: string;
  closed_quantity: string;
  order_id: string | null;
  code: number | null;
  message: string | null;
}
interface CloseAll {
  closed: number;
  not_closed: number;
  positions: Item[];
}
type Who = 'a' | 'b' | 'c' | 'lp' | 'one';

const BTC = 'BTC_USDC_PERP';
const ETH = 'ETH_USDC_PERP';

describe.each(BACKENDS)('contract close-all on %s', (backend) => {
  let t: TestApp;
  const u = {} as Record<Who, { token: string; id: string }>;
  beforeAll(async () => {
    t = await testApp(backend);
    for (const k of ['a', 'b', 'c', 'lp', 'one'] as const)
      u[k] = await contractTrader(t, `ca-${k}@example.com`);
    expect((await indexPrice(t, 9_700_000n)).code).toBe(ResultCode.OK);
    expect((await indexPrice(t, 350_000n, ETH)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t.close();
  });

  const place = async (who: Who, body: Record<string, unknown>) => {
    const r = await t.call<{ status: string }>('POST', '/api/app/contract/orders', {
      token: u[who].token,
      body: { symbol: BTC, leverage: 10, margin_mode: 'cross', type: 'limit', price: '97000', ...body },
      lang: 'en',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const positions = async (who: Who) =>
    (await t.call<Position[]>('GET', '/api/app/contract/positions', { token: u[who].token })).body.data
      .map((p) => `${p.id}=${p.size}`)
      .sort();
  const openOrders = async (who: Who) =>
    (
      await t.call<{ list: { id: string }[] }>('GET', '/api/app/contract/orders?status=open', {
        token: u[who].token,
      })
    ).body.data.list.length;
  const closeAll = (who: Who, body: Record<string, unknown> = {}, lang = 'en') =>
    t.call<CloseAll>('POST', '/api/app/contract/positions/close-all', { token: u[who].token, body, lang });

  it('A (hedge) holds a BTC long and short and an ETH long; B and C hold their own', async () => {
    await place('b', { action: 'open_short', quantity: '0.03' });
    expect((await place('a', { action: 'open_long', quantity: '0.02' })).status).toBe('filled');
    expect((await place('c', { action: 'open_long', quantity: '0.01' })).status).toBe('filled');
    await place('b', { action: 'open_long', quantity: '0.01' });
    expect((await place('a', { action: 'open_short', quantity: '0.01' })).status).toBe('filled');
    await place('b', { symbol: ETH, action: 'open_short', quantity: '0.1', price: '3500' });
    expect(
      (await place('a', { symbol: ETH, action: 'open_long', quantity: '0.1', price: '3500' })).status,
    ).toBe('filled');
    expect(await positions('a')).toEqual([
      'BTC_USDC_PERP:cross:long=0.02000',
      'BTC_USDC_PERP:cross:short=0.01000',
      'ETH_USDC_PERP:cross:long=0.1000',
    ]);
  });

  it('401 without a session, 422 on bad input, an unknown market refused; nothing journaled', async () => {
    const journal = t.services.engine.journalLength;
    expect((await t.call('POST', '/api/app/contract/positions/close-all', { body: {} })).status).toBe(401);
    for (const body of [{ symbol: 'btc' }, { symbol: 1 }, { foo: 1 }, { user_id: u.b.id }]) {
      const r = await closeAll('a', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    const spot = await closeAll('a', { symbol: 'BTC_USDC' });
    expect(spot.body.code).toBe(2101);
    expect(t.services.engine.journalLength).toBe(journal);
    expect(await positions('a')).toHaveLength(3);
  });

  it('one market only; a close with no liquidity stays open with a localised reason, the other closes', async () => {
    const others = { b: await positions('b'), c: await positions('c') };
    const bOrders = await openOrders('b');
    // Bids for A's long; no ask for A's short.
    await place('lp', { action: 'open_long', quantity: '0.02' });
    const r = await closeAll('a', { symbol: BTC }, 'de');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.closed).toBe(1);
    expect(r.body.data.not_closed).toBe(1);
    const [long, short] = r.body.data.positions;
    expect(long).toMatchObject({
      position_id: 'BTC_USDC_PERP:cross:long',
      status: 'closed',
      size: '0.02000',
      closed_quantity: '0.02000',
      code: null,
      message: null,
    });
    expect(long!.order_id).not.toBeNull();
    expect(short).toMatchObject({
      position_id: 'BTC_USDC_PERP:cross:short',
      status: 'not_closed',
      size: '0.01000',
      closed_quantity: '0.00000',
      code: 2204,
    });
    expect(short!.message).toContain('Preisschutzes');
    // Its market close was journaled and cancelled unfilled: nothing left resting.
    expect(short!.order_id).not.toBeNull();
    expect(await openOrders('a')).toBe(0);
    expect(await positions('a')).toEqual([
      'BTC_USDC_PERP:cross:short=0.01000',
      'ETH_USDC_PERP:cross:long=0.1000',
    ]);
    expect(await positions('b')).toEqual(others.b);
    expect(await positions('c')).toEqual(others.c);
    expect(await openOrders('b')).toBe(bOrders);
  });

  it('closes all the rest; a racing repeat closes nothing twice, a later one journals nothing', async () => {
    const others = { b: await positions('b'), c: await positions('c'), lp: await positions('lp') };
    await place('lp', { action: 'open_short', quantity: '0.01' });
    await place('lp', { symbol: ETH, action: 'open_long', quantity: '0.1', price: '3500' });
    const [x, y] = await Promise.all([closeAll('a'), closeAll('a')]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    const items = [...x.body.data.positions, ...y.body.data.positions];
    expect(items.map((i) => `${i.position_id}:${i.status}`).sort()).toEqual([
      'BTC_USDC_PERP:cross:short:closed',
      'ETH_USDC_PERP:cross:long:closed',
    ]);
    expect(await positions('a')).toEqual([]);
    expect(await positions('b')).toEqual(others.b);
    expect(await positions('c')).toEqual(others.c);
    // LP took the other side of each of A's closes, and only those.
    expect(others.lp).toEqual(['BTC_USDC_PERP:cross:long=0.02000']);
    expect(await positions('lp')).toEqual([
      'BTC_USDC_PERP:cross:long=0.02000',
      'BTC_USDC_PERP:cross:short=0.01000',
      'ETH_USDC_PERP:cross:long=0.1000',
    ]);
    const journal = t.services.engine.journalLength;
    const again = await closeAll('a');
    expect(again.body.data).toEqual({ closed: 0, not_closed: 0, positions: [] });
    expect(t.services.engine.journalLength).toBe(journal);
  });

  it('a close that meets only part of the size closes that part and keeps the rest open', async () => {
    await place('b', { action: 'open_short', quantity: '0.02' });
    expect((await place('a', { action: 'open_long', quantity: '0.02' })).status).toBe('filled');
    const lp = await t.call('POST', '/api/app/contract/orders/cancel-all', { token: u.lp.token, body: {} });
    expect(lp.status).toBe(200);
    await place('lp', { action: 'open_long', quantity: '0.01' });
    const r = await closeAll('a', {}, 'fr');
    expect(r.body.data).toMatchObject({ closed: 0, not_closed: 1 });
    expect(r.body.data.positions[0]).toMatchObject({
      position_id: 'BTC_USDC_PERP:cross:long',
      status: 'partly_closed',
      size: '0.02000',
      closed_quantity: '0.01000',
      code: 2204,
    });
    expect(r.body.data.positions[0]!.message).toContain('protection de prix');
    expect(await positions('a')).toEqual(['BTC_USDC_PERP:cross:long=0.01000']);
    expect(await openOrders('a')).toBe(0);
  });

  it('one-way mode: the net position is closed, never flipped', async () => {
    const mode = await t.call('POST', '/api/app/contract/position-mode', {
      token: u.one.token,
      body: { mode: 'one_way' },
    });
    expect(mode.status).toBe(200);
    await place('b', { action: 'open_short', quantity: '0.01' });
    expect((await place('one', { action: 'open_long', quantity: '0.01' })).status).toBe('filled');
    // A resting reduce-only sell of the long: close-all cancels it before the market close.
    await place('one', { action: 'close_long', quantity: '0.01', price: '99000' });
    await place('lp', { action: 'open_long', quantity: '0.05' });
    const r = await closeAll('one');
    expect(r.body.data).toMatchObject({ closed: 1, not_closed: 0 });
    expect(await positions('one')).toEqual([]);
    expect(await openOrders('one')).toBe(0);
  });
});
