import { describe, expect, it } from 'vitest';
import {
  accountKey,
  auditLedger,
  Ledger,
  leg,
  ResultCode,
  recomputeBalances,
  systemAccount,
} from '../src/index.ts';

const alice = accountKey('alice', 'spot', 'USDC');
const aliceC = accountKey('alice', 'contract', 'USDC');
const chain = systemAccount('chain', 'USDC');

describe('ledger', () => {
  it('posts a balanced deposit and keeps balance = sum of postings', () => {
    const l = new Ledger({ keepJournal: true });
    const r = l.post('deposit', 'd1', 1, [leg(chain, 'available', -100n), leg(alice, 'available', 100n)]);
    expect(r.code).toBe(ResultCode.OK);
    expect(l.available(alice)).toBe(100n);
    expect(l.available(chain)).toBe(-100n);
    expect(auditLedger(l, recomputeBalances(l.journal()))).toEqual([]);
    expect(l.totals().get('USDC')).toBe(0n);
  });

  it.each([
    ['unbalanced', [leg(alice, 'available', 5n)], ResultCode.LEDGER_UNBALANCED],
    ['empty', [], ResultCode.LEDGER_EMPTY_ENTRY],
    ['zero leg', [leg(alice, 'available', 0n)], ResultCode.LEDGER_AMOUNT_NOT_POSITIVE],
    [
      'overdraft',
      [leg(alice, 'available', -1n), leg(aliceC, 'available', 1n)],
      ResultCode.LEDGER_INSUFFICIENT_AVAILABLE,
    ],
    [
      'frozen overdraft',
      [leg(alice, 'frozen', -1n), leg(alice, 'available', 1n)],
      ResultCode.LEDGER_INSUFFICIENT_FROZEN,
    ],
  ] as const)('refuses %s and changes nothing', (_name, postings, code) => {
    const l = new Ledger();
    expect(l.post('system', 'x', 1, [...postings]).code).toBe(code);
    expect(l.accounts()).toEqual([]);
    expect(l.lastSeq).toBe(0);
  });

  it('balances per asset, not in total', () => {
    const l = new Ledger();
    const btc = accountKey('alice', 'spot', 'BTC');
    l.post('deposit', 'd', 1, [leg(chain, 'available', -10n), leg(alice, 'available', 10n)]);
    const r = l.post('system', 'x', 2, [leg(alice, 'available', -10n), leg(btc, 'available', 10n)]);
    expect(r.code).toBe(ResultCode.LEDGER_UNBALANCED);
  });

  it('freezes and unfreezes inside one account; transfers refuse the same account', () => {
    const l = new Ledger();
    l.post('deposit', 'd', 1, [leg(chain, 'available', -10n), leg(alice, 'available', 10n)]);
    expect(l.freeze('postingOrder', 'o1', 2, alice, 4n).code).toBe(ResultCode.OK);
    expect(l.balance(alice)).toEqual({ available: 6n, frozen: 4n });
    expect(l.unfreeze('refundPostingOrder', 'o1', 3, alice, 5n).code).toBe(
      ResultCode.LEDGER_INSUFFICIENT_FROZEN,
    );
    expect(l.unfreeze('refundPostingOrder', 'o1', 3, alice, 4n).code).toBe(ResultCode.OK);
    expect(l.transfer('transferIn', 't', 4, alice, alice, 1n).code).toBe(
      ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT,
    );
    expect(l.transfer('transferIn', 't', 4, alice, aliceC, 11n).code).toBe(
      ResultCode.LEDGER_INSUFFICIENT_AVAILABLE,
    );
    expect(l.transfer('transferIn', 't', 4, alice, aliceC, 10n).code).toBe(ResultCode.OK);
    expect(l.available(aliceC)).toBe(10n);
  });

  it('snapshot and restore give the same balances; recompute from an opening snapshot', () => {
    const l = new Ledger({ keepJournal: true });
    l.post('deposit', 'd', 1, [leg(chain, 'available', -10n), leg(alice, 'available', 10n)]);
    const snap = l.snapshot();
    const l2 = new Ledger({ keepJournal: true });
    l2.restore(snap);
    expect(l2.snapshot()).toEqual(snap);
    l2.freeze('postingOrder', 'o', 2, alice, 3n);
    expect(auditLedger(l2, recomputeBalances(l2.journal(), snap))).toEqual([]);
  });
});
