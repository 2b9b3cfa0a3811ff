// The order rows after many fills of one order in one commit (engine/order-updates.ts): merged,
// written in one statement, equal to what the fills add up to (issue 9 item 6).

import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineHost } from '../src/engine/host.ts';
import { engineDb } from '../src/engine/tables.ts';
import { BACKENDS, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('order rows after fills on %s', (backend) => {
  let t: TestApp;
  let host: EngineHost;
  beforeAll(async () => {
    t = await testApp(backend);
    host = t.services.engine as EngineHost;
    await host.submit({ type: 'deposit', userId: 'seller', asset: 'BTC', amount: 100_000_000n });
    await host.submit({ type: 'deposit', userId: 'buyer', asset: 'USDC', amount: 100_000_000_000n });
  });
  afterAll(async () => {
    await t.close();
  });

  const row = (id: string) =>
    engineDb(t.db)
      .selectFrom('orders')
      .select(['filled', 'filled_value', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('three fills of one order in one batch add up; the last status wins; a later fill goes on from there', async () => {
    const sell = await host.submit({
      type: 'spotPlace',
      orderType: 'limit',
      userId: 'seller',
      symbol: 'BTC_USDC',
      side: 'sell',
      price: 6_000_000,
      qty: 10_000,
    });
    expect(sell.code).toBe(ResultCode.OK);
    // Queued together: one batch, one commit.
    const buys = await Promise.all(
      [2_000, 3_000, 1_000].map((qty) =>
        host.submit({
          type: 'spotPlace',
          orderType: 'limit',
          userId: 'buyer',
          symbol: 'BTC_USDC',
          side: 'buy',
          price: 6_000_000,
          qty,
        }),
      ),
    );
    expect(buys.every((b) => b.code === ResultCode.OK)).toBe(true);
    const after3 = await row(sell.id);
    // Lots of 0.0001 BTC: 2,000 + 3,000 + 1,000 of them.
    expect(after3.filled).toMatch(/^0\.60*$/);
    expect(after3.status).toBe('partially_filled');
    const last = await host.submit({
      type: 'spotPlace',
      orderType: 'limit',
      userId: 'buyer',
      symbol: 'BTC_USDC',
      side: 'buy',
      price: 6_000_000,
      qty: 4_000,
    });
    expect(last.code).toBe(ResultCode.OK);
    const done = await row(sell.id);
    expect(done.status).toBe('filled');
    expect(done.filled).toMatch(/^1(\.0*)?$/);
    // Each buy is filled in full, its own row once.
    for (const b of buys) expect((await row(b.id)).status).toBe('filled');
  });

  it('the answer to a placement is the committed row, without reading it back', async () => {
    const placed = await t.services.spot.place(
      'buyer',
      {
        symbol: 'BTC_USDC',
        side: 'buy',
        type: 'limit',
        price: '59000.00',
        quantity: '0.0100',
        client_order_id: 'c-1',
      },
      undefined,
    );
    expect(placed).toEqual(await t.services.spot.byId('buyer', placed.id));
  });
});
