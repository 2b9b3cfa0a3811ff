import type { Balances } from '@ex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletBalances } from './helpers/contract.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

describe.each(BACKENDS)('wallet on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await testApp(backend);
    const u = await registerUser(t, 'w1@example.com');
    token = u.token;
    userId = u.user.id;
    otherToken = (await registerUser(t, 'w2@example.com')).token;
    await deposit(t, userId, 'USDC', 1_000_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const balances = (tok = token) => walletBalances(t, tok);
  const spotUsdc = (b: Balances) => b.spot.find((s) => s.coin === 'USDC')!;

  it('needs a token', async () => {
    const r = await t.call('GET', '/api/app/wallet/balances');
    expect(r.status).toBe(401);
  });

  it('shows balances as decimal strings with the coin scale', async () => {
    const b = await balances();
    expect(spotUsdc(b)).toEqual({ coin: 'USDC', available: '1000.000000', frozen: '0.000000' });
    expect(b.spot.find((s) => s.coin === 'BTC')).toEqual({
      coin: 'BTC',
      available: '0.00000000',
      frozen: '0.00000000',
    });
    expect(b.contract).toEqual({
      coin: 'USDC',
      available: '0.000000',
      frozen: '0.000000',
      equity: '0.000000',
      unrealized_pnl: '0.000000',
      wallet_balance: '0.000000',
      position_margin: '0.000000',
      free_collateral: '0.000000',
    });
    const other = await balances(otherToken);
    expect(spotUsdc(other).available).toBe('0.000000');
  });

  it('transfers spot -> contract once per Idempotency-Key', async () => {
    const body = { from: 'spot', to: 'contract', coin: 'USDC', amount: '100.5' };
    const headers = { 'idempotency-key': 'k-1' };
    const [a, b] = await Promise.all([
      t.call<{ id: string; amount: string }>('POST', '/api/app/wallet/transfer', { token, body, headers }),
      t.call<{ id: string; amount: string }>('POST', '/api/app/wallet/transfer', { token, body, headers }),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data.amount).toBe('100.500000');
    const bal = await balances();
    expect(spotUsdc(bal).available).toBe('899.500000');
    expect(bal.contract.available).toBe('100.500000');
    const again = await t.call('POST', '/api/app/wallet/transfer', { token, body, headers });
    expect(again.body.data).toEqual(a.body.data);
    const conflict = await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { ...body, amount: '1' },
      headers,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe(2003);
    const list = await t.call<{ list: { id: string }[]; total: number }>('GET', '/api/app/wallet/transfers', {
      token,
    });
    expect(list.body.data.total).toBe(1);
    const others = await t.call<{ total: number }>('GET', '/api/app/wallet/transfers', { token: otherToken });
    expect(others.body.data.total).toBe(0);
  });

  it('refuses bad transfers with localised messages and changes nothing', async () => {
    const before = await balances();
    const journal = t.services.engine.journalLength;
    const cases: [unknown, string, number][] = [
      [{ from: 'spot', to: 'spot', coin: 'USDC', amount: '1' }, 'to', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC', amount: 1 }, 'amount', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC', amount: '1.1234567' }, 'amount', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC', amount: '0' }, 'amount', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC', amount: '-1' }, 'amount', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC', amount: '1e3' }, 'amount', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC' }, 'amount', 422],
      [{ from: 'spot', to: 'contract', coin: 'XXX', amount: '1' }, 'coin', 422],
      [{ from: 'spot', to: 'moon', coin: 'USDC', amount: '1' }, 'to', 422],
      [{ from: 'spot', to: 'contract', coin: 'USDC', amount: '1', extra: 1 }, 'extra', 422],
    ];
    for (const [body, field, status] of cases) {
      const r = await t.call('POST', '/api/app/wallet/transfer', { token, body, lang: 'en' });
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.errors?.[field], JSON.stringify(r.body)).toBeDefined();
    }
    const same = await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { from: 'contract', to: 'contract', coin: 'USDC', amount: '1' },
      lang: 'en',
    });
    expect(same.body.errors?.to).toEqual(['Transfer accounts cannot be the same']);
    const sameDe = await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { from: 'spot', to: 'spot', coin: 'USDC', amount: '1' },
    });
    expect(sameDe.body.message).not.toBe('Transfer accounts cannot be the same');
    const poor = await t.call('POST', '/api/app/wallet/transfer', {
      token,
      body: { from: 'spot', to: 'contract', coin: 'BTC', amount: '1' },
      lang: 'en',
    });
    expect(poor.status).toBe(400);
    expect(poor.body).toMatchObject({ code: 2001, message: 'Insufficient balance' });
    expect(await balances()).toEqual(before);
    expect(t.services.engine.journalLength).toBe(journal);
  });

  it('lists the own ledger with filters and pagination', async () => {
    const all = await t.call<{
      list: { type: string; amount: string; balance_after: string; account: string }[];
      total: number;
    }>('GET', '/api/app/wallet/ledger', { token });
    expect(all.status).toBe(200);
    expect(all.body.data.list.map((e) => [e.account, e.type, e.amount, e.balance_after])).toEqual([
      ['contract', 'transferIn', '100.500000', '100.500000'],
      ['spot', 'transferOut', '-100.500000', '899.500000'],
      ['spot', 'deposit', '1000.000000', '1000.000000'],
    ]);
    const deposits = await t.call<{ total: number }>(
      'GET',
      '/api/app/wallet/ledger?type=deposit&type=transferOut',
      { token },
    );
    // The deposit and the spot side of the transfer into contract (ADR 150).
    expect(deposits.body.data.total).toBe(2);
    const contract = await t.call<{ total: number }>(
      'GET',
      '/api/app/wallet/ledger?account=contract&limit=1',
      { token },
    );
    expect(contract.body.data.total).toBe(1);
    const bad = await t.call('GET', '/api/app/wallet/ledger?limit=101&type=nope', { token });
    expect(bad.status).toBe(422);
    const other = await t.call<{ total: number }>('GET', '/api/app/wallet/ledger', { token: otherToken });
    expect(other.body.data.total).toBe(0);
  });
});
