import type { Balances, Position } from '@ex/contract';
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeContractOrder, SMALL_ACCOUNT, type Trader } from './helpers/contract.ts';
import { BACKENDS, contractTrader, indexPrice, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('contract on %s', (backend) => {
  let t: TestApp;
  let maker: Trader;
  let taker: Trader;
  const mark = (ticks: bigint) => indexPrice(t, ticks);
  beforeAll(async () => {
    t = await testApp(backend);
    maker = await contractTrader(t, 'pm@example.com', SMALL_ACCOUNT);
    taker = await contractTrader(t, 'pt@example.com', SMALL_ACCOUNT);
    expect((await mark(9_700_000n)).code).toBe(ResultCode.OK);
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (token: string, body: Record<string, unknown>) => placeContractOrder(t, token, body);
  const base = {
    symbol: 'BTC_USDC_PERP',
    type: 'limit',
    quantity: '0.01',
    leverage: 10,
    margin_mode: 'cross',
  };

  it('refuses bad input and business rules; nothing changes', async () => {
    const journal = t.services.engine.journalLength;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, action: 'open_long' }, 'price'],
      [{ ...base, action: 'open_long', price: 97000 }, 'price'],
      [{ ...base, action: 'open_long', price: '97000.001' }, 'price'],
      [{ ...base, action: 'open_long', price: '97000', quantity: '0.00001' }, 'quantity'],
      [{ ...base, action: 'open_long', price: '97000', leverage: 7 }, 'leverage'],
      [{ ...base, action: 'open_long', price: '97000', leverage: '10' }, 'leverage'],
      [{ ...base, action: 'hold', price: '97000' }, 'action'],
      [{ ...base, action: 'open_long', price: '97000', margin_mode: 'x' }, 'margin_mode'],
      [{ ...base, action: 'open_long', price: '97000', foo: 1 }, 'foo'],
    ];
    for (const [body, field] of cases) {
      const r = await order(taker.token, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors?.[field], JSON.stringify(r.body)).toBeDefined();
    }
    const tooBig = await order(taker.token, { ...base, action: 'open_long', price: '97000', quantity: '5' });
    expect(tooBig.body).toMatchObject({ code: 2105, message: 'Insufficient margin' });
    const noPos = await order(taker.token, { ...base, action: 'close_long', price: '97000' });
    expect(noPos.body.code).toBe(2104);
    const other = await t.call('POST', '/api/app/contract/positions/BTC_USDC_PERP:cross:long/close', {
      token: taker.token,
      body: {},
    });
    expect(other.status).toBe(404);
    expect(t.services.engine.journalLength).toBe(journal);
  });

  it('opens and closes a long with exact PnL and fees', async () => {
    const ask = await order(maker.token, { ...base, action: 'open_short', price: '97000.00' });
    expect(ask.body.data.status).toBe('open');
    const buy = await order(taker.token, { ...base, action: 'open_long', type: 'market' });
    expect(buy.body.data).toMatchObject({ status: 'filled', filled: '0.01000' });
    const pos = await t.call<Position[]>('GET', '/api/app/contract/positions', { token: taker.token });
    expect(pos.body.data).toHaveLength(1);
    expect(pos.body.data[0]).toMatchObject({
      id: 'BTC_USDC_PERP:cross:long',
      size: '0.01000',
      entry_price: '97000.00',
      // taker fee 0.05% of 970 USDC
      fees: '0.485000',
    });
    const others = await t.call<Position[]>('GET', '/api/app/contract/positions', { token: maker.token });
    expect(others.body.data[0]!.id).toBe('BTC_USDC_PERP:cross:short');
    // The price moves to 98,000: +10 USDC unrealised.
    await mark(9_800_000n);
    const after = await t.call<Balances>('GET', '/api/app/wallet/balances', { token: taker.token });
    expect(after.body.data.contract.unrealized_pnl).toBe('10.000000');
    // The maker closes its short with a bid at 98,000; the taker closes its long into it.
    const bid = await order(maker.token, { ...base, action: 'close_short', price: '98000.00' });
    expect(bid.body.data.status).toBe('open');
    const close = await t.call<{ status: string }>(
      'POST',
      '/api/app/contract/positions/BTC_USDC_PERP:cross:long/close',
      {
        token: taker.token,
        body: {},
      },
    );
    expect(close.body.data.status).toBe('filled');
    const gone = await t.call<Position[]>('GET', '/api/app/contract/positions', { token: taker.token });
    expect(gone.body.data).toEqual([]);
    // 1000 + 10 PnL - 0.485 (open, taker) - 0.49 (close, taker 0.05% of 980)
    const bal = await t.call<Balances>('GET', '/api/app/wallet/balances', { token: taker.token });
    expect(bal.body.data.contract).toMatchObject({
      available: '1009.025000',
      frozen: '0.000000',
      unrealized_pnl: '0.000000',
    });
    // Maker: 1000 - 10 PnL - 0.194 (open, maker 0.02%) - 0.196 (close, maker)
    const mb = await t.call<Balances>('GET', '/api/app/wallet/balances', { token: maker.token });
    expect(mb.body.data.contract).toMatchObject({ available: '989.610000', frozen: '0.000000' });
    const hist = await t.call<{ total: number }>('GET', '/api/app/contract/orders?status=history', {
      token: taker.token,
    });
    expect(hist.body.data.total).toBe(2);
  });

  it('leverage, isolated margin, tpsl, cancel and funding', async () => {
    const lev = await t.call('POST', '/api/app/contract/leverage', {
      token: taker.token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 20, margin_mode: 'isolated' },
    });
    expect(lev.status).toBe(200);
    const bad = await t.call('POST', '/api/app/contract/leverage', {
      token: taker.token,
      body: { symbol: 'BTC_USDC_PERP', leverage: 7, margin_mode: 'isolated' },
    });
    expect(bad.body.code).toBe(2106);
    const ask = await order(maker.token, { ...base, action: 'open_short', price: '98000.00', leverage: 10 });
    expect(ask.status).toBe(200);
    const buy = await order(taker.token, {
      ...base,
      action: 'open_long',
      type: 'market',
      leverage: 20,
      margin_mode: 'isolated',
      tp_price: '99000.00',
    });
    expect(buy.body.data.status).toBe('filled');
    const id = 'BTC_USDC_PERP:isolated:long';
    const add = await t.call<{ margin: string; tp_price: string }>(
      'POST',
      `/api/app/contract/positions/${id}/margin`,
      {
        token: taker.token,
        body: { action: 'add', amount: '10' },
      },
    );
    expect(add.status).toBe(200);
    expect(add.body.data.tp_price).toBe('99000.00');
    const theirs = await t.call('POST', `/api/app/contract/positions/${id}/margin`, {
      token: maker.token,
      body: { action: 'add', amount: '10' },
    });
    expect(theirs.status).toBe(404);
    const wrongTp = await t.call('POST', `/api/app/contract/positions/${id}/tpsl`, {
      token: taker.token,
      body: { tp_price: '90000.00' },
    });
    expect(wrongTp.body.code).toBe(2109);
    const resting = await order(taker.token, {
      ...base,
      action: 'open_long',
      price: '90000.00',
      leverage: 20,
    });
    const theft = await t.call('DELETE', `/api/app/contract/orders/${resting.body.data.id}`, {
      token: maker.token,
    });
    expect(theft.status).toBe(404);
    const own = await t.call<{ status: string }>(
      'DELETE',
      `/api/app/contract/orders/${resting.body.data.id}`,
      { token: taker.token },
    );
    expect(own.body.data.status).toBe('cancelled');
    const f = await t.call<{ mark_price: string; index_price: string; next_funding_time: number }>(
      'GET',
      '/api/app/contract/funding?symbol=BTC_USDC_PERP',
    );
    expect(f.body.data).toMatchObject({ index_price: '98000.00' });
    expect(f.body.data.next_funding_time).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/app/contract/funding?symbol=BTC_USDC')).body.code).toBe(2101);
  });

  it('a TP/SL sent with an order that rests reaches the position when the order fills (issue 8)', async () => {
    const short = await order(taker.token, {
      ...base,
      action: 'open_short',
      price: '98500.00',
      leverage: 20,
      tp_price: '90000.00',
      sl_price: '105000.00',
    });
    expect(short.body).toMatchObject({ code: 0, data: { status: 'open' } });
    const fill = await order(maker.token, { ...base, action: 'open_long', price: '98500.00' });
    expect(fill.body.data.status).toBe('filled');
    const list = await t.call<{ id: string; tp_price: string | null; sl_price: string | null }[]>(
      'GET',
      '/api/app/contract/positions',
      { token: taker.token },
    );
    expect(list.body.data.find((p) => p.id === 'BTC_USDC_PERP:cross:short')).toMatchObject({
      tp_price: '90000.00',
      sl_price: '105000.00',
    });
  });

  it('a TP/SL save keeps what it leaves out and clears what it sends as null (ADR 267)', async () => {
    const id = 'BTC_USDC_PERP:cross:short';
    type Tpsl = { tp_price: string | null; sl_price: string | null; tpsl_by: string };
    const save = (body: object, token = taker.token) =>
      t.call<Tpsl>('POST', `/api/app/contract/positions/${id}/tpsl`, { token, body });
    // The stop loss set with the order stays when only the take profit moves.
    const tp = await save({ tp_price: '91000.00' });
    expect(tp.body.data).toMatchObject({ tp_price: '91000.00', sl_price: '105000.00', tpsl_by: 'mark' });
    // Two saves at once from two stale screens, one per field: both land, neither clears the other.
    const [a, b] = await Promise.all([
      save({ tp_price: '92000.00', trigger_by: 'last' }),
      save({ sl_price: '104000.00' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const both = await save({});
    expect(both.body.data).toMatchObject({ tp_price: '92000.00', sl_price: '104000.00', tpsl_by: 'last' });
    // null clears one; the other and the trigger choice stay.
    const cleared = await save({ sl_price: null });
    expect(cleared.body.data).toMatchObject({ tp_price: '92000.00', sl_price: null, tpsl_by: 'last' });
    // Ids name the caller's own position: the maker's call reaches the maker's short (or none), not this one.
    await save({ tp_price: null }, maker.token);
    // A malformed price is refused before anything moves.
    expect((await save({ tp_price: 'abc' })).status).toBe(422);
    const after = await save({});
    expect(after.body.data).toMatchObject({ tp_price: '92000.00', sl_price: null });
  });
});
