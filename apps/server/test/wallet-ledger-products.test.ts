// ADR 255: the money moves of the flash exchange, OTC, IEO, AI quant, staking and dividends are
// `system` (IEO: `ieo`) entries whose ref is the command id. Each product claimed the move with an
// idempotency key `<prefix>:<record id>:<step>` in the same commit, so the ledger names the owner's
// record and step (`ref.kind === 'product'`). The real services move the money here; a second user
// who reads the first one's rows gets nothing.
import type { LedgerEntry, LedgerRef } from '@ex/contract';
import { ResultCode } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineDb } from '../src/engine/tables.ts';
import { describeRefs, parseRef, productRef } from '../src/wallet/refs.ts';
import { ieoProjectBody } from './helpers/earn.ts';
import { BACKENDS, deposit, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken } from './kyc-support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface User {
  token: string;
  id: string;
}

/** `product:step coin +|-` of each entry that has a product ref, sorted. */
const moves = (entries: LedgerEntry[]) =>
  entries
    .filter((e) => e.ref?.kind === 'product')
    .map((e) => {
      const r = e.ref as Extract<LedgerRef, { kind: 'product' }>;
      return `${r.product}:${r.step} ${e.coin} ${e.amount.startsWith('-') ? '-' : '+'}`;
    })
    .sort();

describe.each(BACKENDS)('product money moves in the ledger on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let alice: User;
  let bob: User;
  /** The record ids alice's moves must name, by product. */
  const records: Record<string, Set<string>> = {};
  const note = (product: string, id: string) => {
    records[product] ??= new Set();
    records[product].add(String(id));
  };

  const ok = async <T>(res: Promise<{ status: number; body: { data: T } }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const post = <T = { id: string }>(url: string, token: string, body: unknown = {}) =>
    ok(t.call<T>('POST', url, { token, body }));
  const ledger = async (who: User): Promise<LedgerEntry[]> => {
    const res = await t.call<{ list: LedgerEntry[]; total: number }>(
      'GET',
      '/api/app/wallet/ledger?limit=100',
      {
        token: who.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeLessThan(100);
    return res.body.data.list;
  };
  const convert = async (who: User, from: string, to: string, amount: string) => {
    const q = await post<{ quote_id: string }>('/api/app/exchange/quote', who.token, { from, to, amount });
    return post('/api/app/exchange/execute', who.token, { quote_id: q.quote_id });
  };

  beforeAll(async () => {
    t = await testApp(backend);
    admin = await adminToken(t);
    const a = await registerUser(t, 'products-a@example.com');
    const b = await registerUser(t, 'products-b@example.com');
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
    await deposit(t, alice.id, 'USDC', 100_000_000_000n);
    await deposit(t, alice.id, 'BTC', 100_000_000n);
    await deposit(t, bob.id, 'USDC', 1_000_000_000n);
    const p = await t.services.engine.submit(({ ts }) => ({
      type: 'priceUpdate',
      ts,
      symbol: 'BTC_USDC_PERP',
      indexPrice: 5_000_000n,
    }));
    expect(p.code).toBe(ResultCode.OK);
    for (const [coin, amount, purpose] of [
      ['BTC', '1', 'flash'],
      ['BTC', '1', 'otc'],
      ['USDC', '1000', 'earn'],
      ['USDC', '1000', 'dividend'],
    ] as const) {
      await post('/api/admin/treasury/fund', admin, { coin, amount, purpose });
    }

    // Flash exchange: alice and bob each convert USDC into BTC.
    note('flash', (await convert(alice, 'USDC', 'BTC', '100')).id);
    await convert(bob, 'USDC', 'BTC', '10');

    // OTC: alice sells BTC (rejected: the coins come back) and buys BTC (completed).
    const common = { coin: 'BTC', fiat: 'USD', price: '50000', min: '0.001', max: '0.5' };
    const sellAd = await post('/api/admin/otc/ads', admin, {
      ...common,
      side: 'sell',
      payment_methods: ['Bank transfer'],
    });
    const buyAd = await post('/api/admin/otc/ads', admin, {
      ...common,
      side: 'buy',
      payment_methods: ['Bank transfer'],
      broker_contact: 'Telegram @broker',
    });
    const sold = await post('/api/app/otc/orders', alice.token, {
      ad_id: sellAd.id,
      quantity: '0.01',
      payment_method: 'Bank transfer',
      bank: 'ACME Bank',
      phone: '+4915112345',
    });
    await post(`/api/admin/otc/orders/${sold.id}/review`, admin, { action: 'reject', reason: 'test' });
    const bought = await post('/api/app/otc/orders', alice.token, {
      ad_id: buyAd.id,
      quantity: '0.002',
      payment_method: 'Bank transfer',
    });
    await post(`/api/admin/otc/orders/${bought.id}/review`, admin, { action: 'complete' });
    note('otc', sold.id);
    note('otc', bought.id);

    // IEO: both subscribe 80 of 100, so each is allotted part and refunded the rest.
    const project = await post('/api/admin/ieo/projects', admin, ieoProjectBody(t.clock.now()));
    t.clock.advance(HOUR);
    note(
      'ieo',
      (await post(`/api/app/ieo/projects/${project.id}/subscribe`, alice.token, { quantity: '80' })).id,
    );
    await post(`/api/app/ieo/projects/${project.id}/subscribe`, bob.token, { quantity: '80' });
    t.clock.advance(HOUR);
    await post(`/api/admin/ieo/projects/${project.id}/settle`, admin);

    // AI quant: a flexible subscription redeemed two days later.
    const product = await post('/api/admin/ai/products', admin, {
      name: 'AI flex',
      coin: 'USDC',
      kind: 'current',
      days: 0,
      daily_rate_min_ppm: 100,
      daily_rate_max_ppm: 100,
      min_amount: '1',
      max_amount: '1000',
      early_fee_bp: 0,
    });
    const order = await post('/api/app/ai/subscribe', alice.token, {
      product_id: product.id,
      amount: '100',
      days: 0,
    });
    t.clock.advance(2 * DAY);
    await post(`/api/app/ai/orders/${order.id}/redeem`, alice.token);
    note('ai', order.id);

    // Staking: one stake rejected (refunded), one approved and paid out with interest.
    const stakingProduct = await post('/api/admin/staking/products', admin, {
      name: 'USDC 10d',
      coin: 'USDC',
      days: 10,
      daily_rate_ppm: 1000,
      min_amount: '100',
      max_amount: '2000',
    });
    const rejected = await post('/api/app/staking/stakes', alice.token, {
      product_id: stakingProduct.id,
      amount: '100',
    });
    await post(`/api/admin/staking/stakes/${rejected.id}/review`, admin, {
      action: 'reject',
      reason: 'test',
    });
    const stake = await post('/api/app/staking/stakes', alice.token, {
      product_id: stakingProduct.id,
      amount: '200',
    });
    await post(`/api/admin/staking/stakes/${stake.id}/review`, admin, { action: 'approve' });
    t.clock.advance(11 * DAY);
    expect(await post('/api/admin/staking/settle', admin)).toEqual({ settled: 1, outstanding: 0 });
    note('staking', rejected.id);
    note('staking', stake.id);

    // Dividends: alice claims hers.
    await post('/api/admin/dividends', admin, {
      title: 'Q1 dividend',
      coin: 'USDC',
      allocations: [{ user_id: alice.id, amount: '1.5' }],
    });
    const claims = await ok(
      t.call<{ list: { id: string }[] }>('GET', '/api/app/dividends?status=claimable', {
        token: alice.token,
      }),
    );
    await post(`/api/app/dividends/${claims.list[0]!.id}/claim`, alice.token);
    note('dividend', claims.list[0]!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names each of the owner's product moves by product and step", async () => {
    const entries = await ledger(alice);
    expect(moves(entries)).toEqual(
      [
        'flash:convert USDC -',
        'flash:convert BTC +',
        'otc:sell BTC -',
        'otc:refund BTC +',
        'otc:buy BTC +',
        'ieo:subscribe USDC -',
        'ieo:allot SOL +',
        'ieo:refund USDC +',
        'ai:subscribe USDC -',
        'ai:redeem USDC +',
        'staking:subscribe USDC -',
        'staking:refund USDC +',
        'staking:subscribe USDC -',
        'staking:redeem USDC +',
        'staking:interest USDC +',
        'dividend:claim USDC +',
      ].sort(),
    );
    // Every system or IEO entry is named; each names one of alice's own records of its product.
    for (const e of entries.filter((x) => x.type === 'system' || x.type === 'ieo')) {
      expect(e.ref, JSON.stringify(e)).toMatchObject({ kind: 'product' });
      const r = e.ref as Extract<LedgerRef, { kind: 'product' }>;
      expect(records[r.product]?.has(r.record_id), JSON.stringify(e)).toBe(true);
      expect(e.type).toBe(r.product === 'ieo' ? 'ieo' : 'system');
    }
  });

  it("a second user's ledger names only their own records", async () => {
    const entries = await ledger(bob);
    expect(moves(entries)).toEqual(
      [
        'flash:convert USDC -',
        'flash:convert BTC +',
        'ieo:subscribe USDC -',
        'ieo:allot SOL +',
        'ieo:refund USDC +',
      ].sort(),
    );
    for (const e of entries) {
      if (e.ref?.kind !== 'product') continue;
      expect(records[e.ref.product]?.has(e.ref.record_id) ?? false).toBe(false);
    }
  });

  it("the owner's rows read for another user name nothing", async () => {
    const rows = await engineDb(t.db)
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner', '=', alice.id)
      .where('type', 'in', ['system', 'ieo'])
      .execute();
    expect(rows.length).toBe(16);
    expect(await describeRefs(engineDb(t.db), bob.id, rows)).toEqual(rows.map(() => undefined));
    const own = await describeRefs(engineDb(t.db), alice.id, rows);
    expect(own.every((r) => r?.kind === 'product')).toBe(true);
  });

  it('reads only keys whose scope, prefix and entry type agree', () => {
    const key = (scope: string, k: string, paid_in = false) => ({ scope, key: k, paid_in });
    expect(productRef(key('money', 'fx:AbC-_9:back'), 'system')).toEqual({
      kind: 'product',
      product: 'flash',
      step: 'refund',
      record_id: 'AbC-_9',
    });
    expect(productRef(key('money', 'otc:7:out', true), 'system')).toMatchObject({ step: 'refund' });
    expect(productRef(key('money', 'otc:7:out'), 'system')).toMatchObject({ step: 'buy' });
    // The wrong scope, entry type or an unknown step: no ref.
    expect(productRef(key('earn', 'fx:1:in'), 'system')).toBeUndefined();
    expect(productRef(key('money', 'ieo:1:pay'), 'system')).toBeUndefined();
    expect(productRef(key('money', 'fx:1:in'), 'ieo')).toBeUndefined();
    expect(productRef(key('earn', 'ai:1:d3'), 'system')).toBeUndefined();
    expect(productRef(key('earn', 'ai:1:fee'), 'system')).toBeUndefined();
    expect(productRef(key('money', 'ieo:1:proceeds'), 'ieo')).toBeUndefined();
    expect(productRef(key('earn', 'dv:1:fund'), 'system')).toBeUndefined();
    expect(productRef(key('transfer', 'fx:1:in'), 'system')).toBeUndefined();
    // Funding keeps its own ref; a command id that is not the row's command is not looked up.
    expect(parseRef({ type: 'system', ref_id: 'funding:BTC_USDC_PERP:1000' })).toMatchObject({
      ref: { kind: 'funding' },
    });
    expect(parseRef({ type: 'system', ref_id: '12', command_seq: '12' })).toEqual({
      kind: 'move',
      commandId: '12',
      entryType: 'system',
    });
    expect(parseRef({ type: 'system', ref_id: '12', command_seq: '13' })).toBeUndefined();
    expect(parseRef({ type: 'deposit', ref_id: '12' })).toMatchObject({ ref: { kind: 'deposit' } });
  });
});
