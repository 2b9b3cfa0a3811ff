// ADR 181 through the API: a stop-limit carries the market's price band into the engine (the
// sequencer step adds it), and when it fires with its limit outside index ± band it is cancelled
// instead of resting far from the market; inside the band it rests as usual.
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

interface Order {
  id: string;
  status: string;
  triggered: boolean;
}

describe.each(BACKENDS)('stop-limit band when it fires on %s', (backend) => {
  let t: TestApp;
  let token = '';
  const index = (ticks: bigint) => indexPrice(t, ticks);
  beforeAll(async () => {
    t = await testApp(backend);
    token = (await contractTrader(t, 'band@example.com')).token;
    expect((await index(9_700_000n)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t.close();
  });

  const stopLimit = (trigger: string, price: string) =>
    t.call<Order>('POST', '/api/app/contract/orders', {
      token,
      body: {
        symbol: 'BTC_USDC_PERP',
        action: 'open_short',
        type: 'stop_limit',
        trigger_price: trigger,
        price,
        quantity: '0.01',
        leverage: 10,
        margin_mode: 'cross',
      },
    });
  const order = async (id: string) =>
    (
      await t.call<{ list: Order[] }>('GET', '/api/app/contract/orders?status=history&limit=50', { token })
    ).body.data.list.find((o) => o.id === id) ??
    (
      await t.call<{ list: Order[] }>('GET', '/api/app/contract/orders?status=open', { token })
    ).body.data.list.find((o) => o.id === id);

  it('the engine keeps the band of the market with the waiting order', async () => {
    const r = await stopLimit('96000', '90000');
    expect(r.status).toBe(200);
    expect(t.services.engine.engine.perp.trigger(r.body.data.id)?.bandPpm).toBe(100_000n);
    await t.call('DELETE', `/api/app/contract/orders/${r.body.data.id}`, { token });
  });

  it('fired with its limit outside index ± 10%: cancelled, nothing rests', async () => {
    // Placed at index 97,000 (band 87,300 - 106,700): the limit 90,000 is inside.
    const r = await stopLimit('95000', '90000');
    expect(r.status).toBe(200);
    // The index gaps to 80,000 (band 72,000 - 88,000): the trigger fires, the limit is outside.
    expect((await index(8_000_000n)).code).toBe(ResultCode.OK);
    expect(t.services.engine.engine.perp.trigger(r.body.data.id)).toBeUndefined();
    expect(t.services.engine.engine.perp.order(r.body.data.id)).toBeUndefined();
    await expect
      .poll(async () => (await order(r.body.data.id))?.status, { timeout: 10_000 })
      .toBe('cancelled');
  });

  it('fired with its limit inside the band: it rests in the book', async () => {
    expect((await index(9_700_000n)).code).toBe(ResultCode.OK);
    const r = await stopLimit('95000', '90000');
    expect(r.status).toBe(200);
    // 93,000: band 83,700 - 102,300, the limit 90,000 is inside.
    expect((await index(9_300_000n)).code).toBe(ResultCode.OK);
    expect(t.services.engine.engine.perp.order(r.body.data.id)?.remaining).toBe(100n);
  });
});
