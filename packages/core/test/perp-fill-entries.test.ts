// A perpetual fill that opens a position writes the release of the order's hold and the trading fee
// as two ledger entries (refundPostingOrder, then positionFee), as the close path always did. One
// entry netting them showed in the wallet's history, whose rows show the available side, as a
// "Futures fee" of +425 USDC. Amounts are unchanged: the same money moves, in two named steps.
import { describe, expect, it } from 'vitest';
import { accountKey, type EngineEvent, ResultCode } from '../src/index.ts';
import { aliceLongAgainstBob, perpScenario, USDC } from './helpers/scenario.ts';

const ledgerEntries = (events: readonly EngineEvent[]) =>
  events.flatMap((x) => (x.type === 'perp.ledger' ? [x.entry] : []));

describe('an opening perpetual fill', () => {
  for (const mode of ['cross', 'isolated'] as const) {
    it(`${mode}: the hold comes back as refundPostingOrder and the fee leaves as a negative positionFee`, () => {
      const s = perpScenario();
      const r = aliceLongAgainstBob(s, { alice: 20_000n * USDC, bob: 1_000_000n * USDC }, mode);
      expect(r.code).toBe(ResultCode.OK);
      const wallet = accountKey('alice', 'contract', 'USDC');
      const mine = ledgerEntries(r.events)
        .map((e) => ({ type: e.type, legs: e.postings.filter((p) => p.account === wallet) }))
        .filter((e) => e.legs.length > 0);
      const release = mine.find((e) => e.type === 'refundPostingOrder');
      const fee = mine.find((e) => e.type === 'positionFee');
      expect(release).toBeDefined();
      expect(fee).toBeDefined();
      // The release: frozen down, available up by the same amount.
      const frozen = release!.legs.find((p) => p.bucket === 'frozen')!.amount;
      const available = release!.legs.find((p) => p.bucket === 'available')!.amount;
      expect(frozen).toBeLessThan(0n);
      expect(available).toBe(-frozen);
      // The fee: only available, only down, and never mixed with the release.
      expect(fee!.legs.every((p) => p.bucket === 'available' && p.amount < 0n)).toBe(true);
      // Nothing of alice's stays frozen once the order filled whole.
      expect(s.wallet('alice').frozen).toBe(0n);
    });
  }
});
