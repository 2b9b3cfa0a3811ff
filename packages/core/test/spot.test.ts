// Spot settlement scenarios: who holds what after each step (USDC scale 6, BTC scale 8).
import { describe, expect, it } from 'vitest';
import {
  accountKey,
  type Command,
  checkInvariants,
  demoEngineConfig,
  ExchangeEngine,
  ResultCode,
  systemAccount,
} from '../src/index.ts';

const USDC = 1_000_000n;
const BTC = 100_000_000n;
// BTC_USDC: price ticks of 0.01, lots of 0.0001 BTC.
const px = (usd: number) => usd * 100;
const lots = (btc10k: number) => btc10k; // in 0.0001 BTC

type WithoutTs<T> = T extends unknown ? Omit<T, 'ts'> : never;

function setup() {
  const e = new ExchangeEngine(demoEngineConfig({ keepJournal: true }));
  let ts = 1;
  const run = (c: WithoutTs<Command>) => {
    const r = e.execute({ ...c, ts: ts++ } as Command);
    expect(checkInvariants(e)).toEqual([]);
    return r;
  };
  run({ type: 'deposit', id: 'd1', userId: 'buyer', asset: 'USDC', amount: 100_000n * USDC });
  run({ type: 'deposit', id: 'd2', userId: 'seller', asset: 'BTC', amount: 2n * BTC });
  const bal = (u: string, a: string) => e.ledger.balance(accountKey(u, 'spot', a));
  /** A limit order on BTC_USDC (price in ticks, quantity in lots). */
  const limit = (orderId: string, userId: string, side: 'buy' | 'sell', price: number, qty: number) =>
    run({ type: 'spotPlace', orderType: 'limit', orderId, userId, symbol: 'BTC_USDC', side, price, qty });
  return { e, run, bal, limit };
}

describe('spot settlement', () => {
  it('limit sell rests and freezes base; partial fill pays fees on the received asset; cancel refunds the rest', () => {
    const { e, run, bal, limit } = setup();
    // seller: 1 BTC at 30,000 (maker)
    expect(limit('s1', 'seller', 'sell', px(30_000), lots(10_000)).code).toBe(ResultCode.OK);
    expect(bal('seller', 'BTC')).toEqual({ available: 1n * BTC, frozen: 1n * BTC });
    // buyer: 0.4 BTC at up to 31,000 (taker): holds 12,400, pays 12,000 at the maker's price.
    run({
      type: 'spotPlace',
      orderType: 'limit',
      orderId: 'b1',
      userId: 'buyer',
      symbol: 'BTC_USDC',
      side: 'buy',
      price: px(31_000),
      qty: lots(4_000),
      tif: 'IOC',
    });
    const table = [
      ['buyer', 'USDC', 88_000n * USDC, 0n],
      ['buyer', 'BTC', 39_960_000n, 0n], // 0.4 BTC less 0.1% taker fee
      ['seller', 'USDC', 11_988n * USDC, 0n], // 12,000 less 0.1% maker fee
      ['seller', 'BTC', 1n * BTC, 60_000_000n],
    ] as const;
    for (const [u, a, available, frozen] of table) expect(bal(u, a)).toEqual({ available, frozen });
    expect(e.ledger.available(systemAccount('fee', 'USDC'))).toBe(12n * USDC);
    expect(e.ledger.available(systemAccount('fee', 'BTC'))).toBe(40_000n);
    run({ type: 'spotCancel', symbol: 'BTC_USDC', orderId: 's1', userId: 'seller' });
    expect(bal('seller', 'BTC')).toEqual({ available: 160_000_000n, frozen: 0n });
  });

  it('a resting buy filled below its price gives back the difference when done', () => {
    const { run, bal, limit } = setup();
    limit('b1', 'buyer', 'buy', px(31_000), lots(5_000));
    expect(bal('buyer', 'USDC')).toEqual({ available: 84_500n * USDC, frozen: 15_500n * USDC });
    limit('s1', 'seller', 'sell', px(30_000), lots(2_000));
    // 0.2 BTC at the maker's 31,000 = 6,200 spent; 9,300 still held for 0.3 BTC.
    expect(bal('buyer', 'USDC')).toEqual({ available: 84_500n * USDC, frozen: 9_300n * USDC });
    expect(bal('buyer', 'BTC').available).toBe(19_980_000n); // maker fee 0.1%
    run({ type: 'spotCancelAll', symbol: 'BTC_USDC', userId: 'buyer' });
    expect(bal('buyer', 'USDC')).toEqual({ available: 93_800n * USDC, frozen: 0n });
  });

  it('a buy that takes below its price and rests keeps frozen only what the rest needs', () => {
    const { bal, limit } = setup();
    limit('s1', 'seller', 'sell', px(30_000), lots(2_000));
    limit('b1', 'buyer', 'buy', px(31_000), lots(5_000));
    // Held 15,500; paid 6,000 for 0.2 BTC; 0.3 BTC rests at 31,000 = 9,300 frozen; 200 back at once.
    expect(bal('buyer', 'USDC')).toEqual({ available: 84_700n * USDC, frozen: 9_300n * USDC });
  });

  it('amend moves the hold with the order: more frozen first, less given back', () => {
    const { run, bal } = setup();
    const place = {
      type: 'spotPlace',
      orderType: 'limit',
      orderId: 'b1',
      userId: 'buyer',
      symbol: 'BTC_USDC',
      side: 'buy',
      price: px(30_000),
      qty: lots(10_000),
    } as const;
    run(place);
    expect(bal('buyer', 'USDC').frozen).toBe(30_000n * USDC);
    const amend = { type: 'spotAmend', symbol: 'BTC_USDC', orderId: 'b1', userId: 'buyer' } as const;
    expect(run({ ...amend, qty: lots(5_000) }).code).toBe(ResultCode.OK);
    expect(bal('buyer', 'USDC')).toEqual({ available: 85_000n * USDC, frozen: 15_000n * USDC });
    expect(run({ ...amend, price: px(31_000) }).code).toBe(ResultCode.OK);
    expect(bal('buyer', 'USDC')).toEqual({ available: 84_500n * USDC, frozen: 15_500n * USDC });
    expect(run({ ...amend, qty: lots(40_000) }).code).toBe(ResultCode.SPOT_INSUFFICIENT_BALANCE);
    expect(run({ ...amend, userId: 'seller', qty: 1 }).code).toBe(ResultCode.SPOT_NOT_ORDER_OWNER);
  });

  it('market buy by quote amount holds the amount and refunds what was not spent', () => {
    const { run, bal, limit } = setup();
    limit('s1', 'seller', 'sell', px(30_000), lots(1_000));
    const r = run({
      type: 'spotPlace',
      orderType: 'market',
      orderId: 'b1',
      userId: 'buyer',
      symbol: 'BTC_USDC',
      side: 'buy',
      quoteAmount: 5_000n * USDC,
    });
    expect(r.code).toBe(ResultCode.OK);
    // Only 0.1 BTC (3,000 USDC) was offered: 2,000 comes back.
    expect(bal('buyer', 'USDC')).toEqual({ available: 97_000n * USDC, frozen: 0n });
    expect(bal('buyer', 'BTC').available).toBe(9_990_000n);
  });

  it.each([
    ['unknown market', { symbol: 'XXX' }, ResultCode.SPOT_UNKNOWN_MARKET],
    ['more than the balance', { qty: lots(40_000) }, ResultCode.SPOT_INSUFFICIENT_BALANCE],
    ['zero quantity', { qty: 0 }, ResultCode.SPOT_INVALID_QUANTITY],
    ['no price', { price: undefined }, ResultCode.SPOT_INVALID_PRICE],
  ])('refuses %s and changes nothing', (_n, patch, code) => {
    const { e, run } = setup();
    const before = e.stateHash();
    const r = run({
      type: 'spotPlace',
      orderType: 'limit',
      orderId: 'b1',
      userId: 'buyer',
      symbol: 'BTC_USDC',
      side: 'buy',
      price: px(30_000),
      qty: lots(1_000),
      ...patch,
    });
    expect(r.code).toBe(code);
    expect(e.stateHash()).toBe(before);
  });

  it('withdrawals freeze, then settle to the chain with the fee, or refund', () => {
    const { e, run, bal } = setup();
    run({
      type: 'withdrawRequest',
      id: 'w1',
      userId: 'buyer',
      asset: 'USDC',
      amount: 1_000n * USDC,
      fee: USDC,
    });
    expect(bal('buyer', 'USDC')).toEqual({ available: 98_999n * USDC, frozen: 1_001n * USDC });
    run({ type: 'withdrawSettle', id: 'w1' });
    expect(bal('buyer', 'USDC')).toEqual({ available: 98_999n * USDC, frozen: 0n });
    expect(e.ledger.available(systemAccount('chain', 'USDC'))).toBe(-99_000n * USDC);
    run({ type: 'withdrawRequest', id: 'w2', userId: 'buyer', asset: 'USDC', amount: 999n * USDC, fee: 0n });
    run({ type: 'withdrawRefund', id: 'w2' });
    expect(bal('buyer', 'USDC')).toEqual({ available: 98_999n * USDC, frozen: 0n });
    expect(run({ type: 'withdrawSettle', id: 'w2' }).code).toBe(ResultCode.ENGINE_UNKNOWN_WITHDRAWAL);
  });

  it('ledgerTransfer moves money between a user and a system pool (IEO), with the same checks', () => {
    const { e, run, bal } = setup();
    const ieo = { owner: 'system', kind: 'ieo', asset: 'USDC' } as const;
    const buyer = { owner: 'buyer', kind: 'spot', asset: 'USDC' } as const;
    const r = run({
      type: 'ledgerTransfer',
      id: 'ieo-1',
      entryType: 'ieo',
      from: buyer,
      to: ieo,
      amount: 500n * USDC,
    });
    expect(r.code).toBe(ResultCode.OK);
    expect(r.events[0]).toMatchObject({ type: 'wallet.ledger', entry: { type: 'ieo', ref: 'ieo-1' } });
    expect(bal('buyer', 'USDC').available).toBe(99_500n * USDC);
    expect(e.ledger.available(systemAccount('ieo', 'USDC'))).toBe(500n * USDC);
    const t = { type: 'ledgerTransfer', id: 'x', entryType: 'ieo', from: ieo, to: buyer } as const;
    expect(run({ ...t, amount: 501n * USDC }).code).toBe(ResultCode.LEDGER_INSUFFICIENT_AVAILABLE);
    expect(run({ ...t, to: { owner: 'system', kind: 'settlement', asset: 'USDC' }, amount: 1n }).code).toBe(
      ResultCode.ENGINE_INVALID_ACCOUNT,
    );
    expect(run({ ...t, to: ieo, amount: 1n }).code).toBe(ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT);
  });

  it('transfers between spot and contract; the same account is refused', () => {
    const { e, run } = setup();
    const t = { type: 'transfer', id: 't1', userId: 'buyer', asset: 'USDC', amount: 10n * USDC } as const;
    expect(run({ ...t, from: 'spot', to: 'spot' }).code).toBe(ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT);
    const r = run({ ...t, from: 'spot', to: 'contract' });
    expect(r.code).toBe(ResultCode.OK);
    expect(r.events[0]).toMatchObject({ type: 'wallet.ledger', entry: { type: 'transferIn' } });
    expect(e.ledger.available(accountKey('buyer', 'contract', 'USDC'))).toBe(10n * USDC);
    expect(run({ ...t, from: 'contract', to: 'spot', amount: 11n * USDC }).code).toBe(
      ResultCode.PERP_INSUFFICIENT_MARGIN,
    );
  });
});
