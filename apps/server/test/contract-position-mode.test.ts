// One-way position mode through the API (ADR 180): read and set the mode, a buy that flips a short
// into a long, and the attacks: another user's mode cannot be set, a change with an open order or a
// position is refused in the user's language and changes nothing (nothing journaled).
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

interface Mode {
  mode: 'hedge' | 'one_way';
  can_change: boolean;
}
interface Position {
  id: string;
  side: 'long' | 'short';
  size: string;
}
interface Order {
  id: string;
  status: string;
  filled: string;
}

describe.each(BACKENDS)('contract position mode on %s', (backend) => {
  let t: TestApp;
  const users: Record<'a' | 'b', { token: string; id: string }> = {} as never;
  beforeAll(async () => {
    t = await testApp(backend);
    for (const k of ['a', 'b'] as const) users[k] = await contractTrader(t, `pm-${k}@example.com`);
    expect((await indexPrice(t, 9_700_000n)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t.close();
  });

  const mode = async (who: 'a' | 'b') =>
    (await t.call<Mode>('GET', '/api/app/contract/position-mode', { token: users[who].token })).body.data;
  const setMode = (who: 'a' | 'b', body: Record<string, unknown>, lang = 'en') =>
    t.call<Mode>('POST', '/api/app/contract/position-mode', { token: users[who].token, body, lang });
  const place = (who: 'a' | 'b', body: Record<string, unknown>) =>
    t.call<Order>('POST', '/api/app/contract/orders', {
      token: users[who].token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 10, margin_mode: 'cross', type: 'limit', ...body },
      lang: 'en',
    });
  const positions = async (who: 'a' | 'b') =>
    (await t.call<Position[]>('GET', '/api/app/contract/positions', { token: users[who].token })).body.data;

  it('hedge by default; bad input and no session are refused and change nothing', async () => {
    expect(await mode('a')).toEqual({ mode: 'hedge', can_change: true });
    const journal = t.services.engine.journalLength;
    expect((await setMode('a', { mode: 'both' })).status).toBe(422);
    expect((await setMode('a', {})).status).toBe(422);
    const anon = await t.call('POST', '/api/app/contract/position-mode', { body: { mode: 'one_way' } });
    expect(anon.status).toBe(401);
    expect((await t.call('GET', '/api/app/contract/position-mode', {})).status).toBe(401);
    // There is no way to name another user: an extra field is refused.
    const other = await setMode('b', { mode: 'one_way', user_id: users.a.id });
    expect(other.status).toBe(422);
    expect(t.services.engine.journalLength).toBe(journal);
    expect(await mode('a')).toEqual({ mode: 'hedge', can_change: true });
  });

  it("sets one's own mode only; the same mode again journals nothing", async () => {
    const r = await setMode('a', { mode: 'one_way' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ mode: 'one_way', can_change: true });
    expect(t.services.engine.engine.perp.positionModeOf(users.a.id)).toBe('one_way');
    expect(await mode('b')).toEqual({ mode: 'hedge', can_change: true });
    const journal = t.services.engine.journalLength;
    expect((await setMode('a', { mode: 'one_way' })).status).toBe(200);
    expect(t.services.engine.journalLength).toBe(journal);
  });

  it("refused with an open order, in the user's language, nothing journaled", async () => {
    const resting = await place('a', { action: 'open_long', price: '90000', quantity: '0.01' });
    expect(resting.body.data.status).toBe('open');
    expect(await mode('a')).toEqual({ mode: 'one_way', can_change: false });
    const journal = t.services.engine.journalLength;
    const en = await setMode('a', { mode: 'hedge' });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 2203,
      message: 'You can change the position mode only with no open positions, orders or waiting stop orders',
    });
    const de = await setMode('a', { mode: 'hedge' }, 'de');
    expect(de.body).toMatchObject({ code: 2203 });
    expect((de.body as { message: string }).message).toContain('Positionsmodus');
    expect(t.services.engine.journalLength).toBe(journal);
    expect(t.services.engine.engine.perp.positionModeOf(users.a.id)).toBe('one_way');
    const c = await t.call('DELETE', `/api/app/contract/orders/${resting.body.data.id}`, {
      token: users.a.token,
    });
    expect(c.status).toBe(200);
    expect(await mode('a')).toEqual({ mode: 'one_way', can_change: true });
  });

  it('a buy flips a short into a long; the mode is locked while the position is open', async () => {
    // A sells 0.01 into B's bid: short 0.01.
    expect((await place('b', { action: 'open_long', price: '97000', quantity: '0.01' })).status).toBe(200);
    const sell = await place('a', { action: 'open_short', price: '97000', quantity: '0.01' });
    expect(sell.body.data.status).toBe('filled');
    expect((await positions('a')).map((p) => [p.side, p.size])).toEqual([['short', '0.01000']]);
    // A buys 0.03 from B's ask: 0.01 closes the short, 0.02 opens a long.
    expect((await place('b', { action: 'open_short', price: '97000', quantity: '0.03' })).status).toBe(200);
    const buy = await place('a', { action: 'open_long', price: '97000', quantity: '0.03' });
    expect(buy.body.data).toMatchObject({ status: 'filled', filled: '0.03000' });
    expect((await positions('a')).map((p) => [p.id, p.side, p.size])).toEqual([
      ['BTC_USDC_PERP:cross:long', 'long', '0.02000'],
    ]);
    const journal = t.services.engine.journalLength;
    expect((await setMode('a', { mode: 'hedge' })).status).toBe(409);
    expect(t.services.engine.journalLength).toBe(journal);
    // B (hedge) holds a long 0.01 and a short 0.03 side by side.
    expect((await positions('b')).map((p) => p.side).sort()).toEqual(['long', 'short']);
  });
});
