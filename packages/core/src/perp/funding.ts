// Index and mark price updates, and funding settlement.
// Part of PerpEngine (perp-engine.ts describes the layers).

import { leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import type { Posting } from '../ledger/types.ts';
import { fail, max0, minB } from './internal.ts';
import { PerpLiquidation } from './liquidation.ts';
import {
  fundingOwed,
  fundingRate,
  impactNotional,
  impactPremiumPpm,
  impactPrice,
  median3,
  PPM,
  premiumPpm,
} from './math.ts';
import {
  INSURANCE_USER,
  type MarketState,
  type PerpMarket,
  type PerpResult,
  type Position,
} from './types.ts';

/** Book levels an impact price may walk (beyond them the side counts as too thin). */
const IMPACT_LEVELS = 200;

export abstract class PerpFunding extends PerpLiquidation {
  /**
   * A new index price: updates the premium EMA and samples, the mark price, then fires TP/SL and
   * liquidates what falls below maintenance, in that order.
   */
  priceUpdate(symbol: string, indexPrice: bigint, ts: number): PerpResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    if (indexPrice <= 0n) return fail(ResultCode.PERP_INVALID_PRICE);
    this.events = [];
    const s = this.states.get(symbol)!;
    const book = this.books.get(symbol)!;
    const bid = book.bestBid();
    const ask = book.bestAsk();
    // The mark's premium EMA samples the top-of-book mid; a one-sided book adds no premium.
    const mid = bid !== undefined && ask !== undefined ? (BigInt(bid) + BigInt(ask)) / 2n : indexPrice;
    const sampleMicro = (mid - indexPrice) * PPM;
    s.premiumEmaMicro += (sampleMicro - s.premiumEmaMicro) / BigInt(m.markEmaPeriods);
    if (m.impactMarginQuote > 0n) this.sampleImpactPremium(m, s, indexPrice, ts);
    else {
      // The rule before ADR 195: the funding premium samples the top-of-book mid, each sample one.
      s.premiumSumPpm += premiumPpm(mid, indexPrice);
      s.premiumCount += 1n;
    }
    s.indexPrice = indexPrice;
    const basis = indexPrice + s.premiumEmaMicro / PPM;
    s.markPrice = median3(
      indexPrice,
      basis > 0n ? basis : indexPrice,
      s.lastTradePrice > 0n ? s.lastTradePrice : indexPrice,
    );
    if (s.nextFundingTs === 0)
      s.nextFundingTs = (Math.floor(ts / m.fundingIntervalMs) + 1) * m.fundingIntervalMs;
    this.events.push({ type: 'perp.mark', symbol, indexPrice, markPrice: s.markPrice });
    this.triggerTpsl(m, ts);
    this.fireTriggers(m, ts);
    this.liquidate(ts);
    return this.done();
  }

  /**
   * ADR 195: the funding premium from the impact bid and ask (the average fill of the impact
   * notional, impact margin x the first tier's maximum leverage, on each side), weighted by the time
   * since the previous sample (1 ms to one minute; the first sample weighs 1 ms), so a burst of
   * index updates does not outweigh a quiet hour.
   */
  private sampleImpactPremium(m: PerpMarket, s: MarketState, index: bigint, ts: number): void {
    const elapsed = s.premiumLastTs === undefined ? 1 : Math.min(Math.max(ts - s.premiumLastTs, 1), 60_000);
    const weight = BigInt(elapsed);
    s.premiumSumPpm += this.impactPremiumNow(m, index) * weight;
    s.premiumCount += weight;
    s.premiumLastTs = ts;
  }

  /** ADR 195: the premium (ppm of `index`) of the impact bid and ask of the book as it is now. */
  private impactPremiumNow(m: PerpMarket, index: bigint): bigint {
    const notional = impactNotional(m);
    const depth = this.books.get(m.symbol)!.depth(IMPACT_LEVELS);
    // ADR 198: a side too thin for the notional counts the depth it has and the rest at the index
    // (neither a wild premium from a thin top nor a silent 0 that dilutes the interval's average).
    const bid = impactPrice(depth.bids, notional, m.quotePerTickLot, 'bid', index);
    const ask = impactPrice(depth.asks, notional, m.quotePerTickLot, 'ask', index);
    return impactPremiumPpm(bid, ask, index);
  }

  /**
   * The funding premium (ppm of `index`) the next price update would sample from the book as it is
   * now: the impact bid and ask where the market has an impact margin (ADR 195, 198), else the
   * top-of-book mid (a one-sided or empty book: 0). The funding estimate before an interval's first
   * sample reads it (ADR 156), so the estimate and the settlement use one rule. Reads only.
   */
  fundingPremiumNowPpm(symbol: string, index: bigint): bigint {
    const m = this.markets.get(symbol);
    if (m === undefined || index <= 0n) return 0n;
    if (m.impactMarginQuote > 0n) return this.impactPremiumNow(m, index);
    const book = this.books.get(symbol)!;
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid === undefined || ask === undefined) return 0n;
    return premiumPpm((BigInt(bid) + BigInt(ask)) / 2n, index);
  }

  /**
   * Settles funding for a market if its time has come: rate from the average premium since the last
   * funding, index += mark * rate, each position pays or receives size * index delta.
   */
  fundingTick(symbol: string, ts: number): PerpResult {
    const m = this.markets.get(symbol);
    if (m === undefined) return fail(ResultCode.PERP_UNKNOWN_MARKET);
    const s = this.states.get(symbol)!;
    if (s.nextFundingTs === 0 || ts < s.nextFundingTs || s.markPrice <= 0n)
      return { code: ResultCode.OK, events: [] };
    this.events = [];
    // One settlement per interval that has passed: a tick that comes late (a stalled feed, a
    // restart) settles each missed interval, the first with the sampled premium and the others with
    // no samples (premium 0, the interest rate alone), each followed by its liquidations.
    while (s.nextFundingTs <= ts) {
      const at = s.nextFundingTs;
      const premium = s.premiumCount > 0n ? s.premiumSumPpm / s.premiumCount : 0n;
      const rate = fundingRate(premium, m.interestPpm, m.premiumBandPpm, m.fundingCapPpm);
      s.lastFundingRatePpm = rate;
      s.fundingIndex += s.markPrice * rate;
      s.premiumSumPpm = 0n;
      s.premiumCount = 0n;
      s.nextFundingTs += m.fundingIntervalMs;
      this.settleFunding(m, s, `funding:${symbol}:${at}`, ts);
      this.events.push({
        type: 'perp.funding',
        symbol,
        ratePpm: rate,
        fundingIndex: s.fundingIndex,
        ...this.lastFunding,
      });
      this.liquidate(ts);
    }
    return this.done();
  }

  protected settleFunding(m: PerpMarket, s: MarketState, ref: string, ts: number): void {
    const payers: [Position, bigint][] = [];
    const receivers: [Position, bigint][] = [];
    const legs: Posting[] = [];
    let collected = 0n;
    for (const p of this.positions.values()) {
      if (p.symbol !== m.symbol) continue;
      const delta = s.fundingIndex - p.fundingIndex;
      p.fundingIndex = s.fundingIndex;
      if (delta === 0n) continue;
      // Longs pay a rising index, shorts a falling one.
      const pays = delta > 0n === (p.side === 'long');
      const abs = delta < 0n ? -delta : delta;
      if (pays) {
        const owed = fundingOwed(p.size, abs, m.k, 'ceil');
        const from = p.mode === 'isolated' ? this.isolatedKey(p, m) : this.walletKey(p.userId, m);
        // A cross payer pays from its order holds and its cross profit too before falling short.
        if (p.mode === 'cross' && p.userId !== INSURANCE_USER && this.ledger.available(from) < owed)
          this.coverCross(p.userId, m.quote, owed, undefined, ts);
        const have = p.mode === 'isolated' ? p.margin : max0(this.ledger.available(from));
        // A payer pays what it has; liquidation follows right after if that was not enough.
        const paid = minB(owed, have);
        if (paid > 0n) {
          legs.push(leg(from, 'available', -paid));
          if (p.mode === 'isolated') p.margin -= paid;
          p.funding -= paid;
          collected += paid;
        }
        payers.push([p, paid]);
      } else {
        receivers.push([p, fundingOwed(p.size, abs, m.k, 'floor')]);
      }
    }
    let due = 0n;
    for (const [, d] of receivers) due += d;
    let paid = 0n;
    for (const [p, d] of receivers) {
      const amount = due <= collected ? d : due > 0n ? (collected * d) / due : 0n;
      if (amount <= 0n) continue;
      const to = p.mode === 'isolated' ? this.isolatedKey(p, m) : this.walletKey(p.userId, m);
      legs.push(leg(to, 'available', amount));
      if (p.mode === 'isolated') p.margin += amount;
      p.funding += amount;
      paid += amount;
    }
    const remainder = collected - paid;
    if (remainder > 0n) legs.push(leg(systemAccount('funding', m.quote), 'available', remainder));
    if (legs.length > 0) this.post('system', ref, ts, legs);
    this.lastFunding = { collected, paid, remainder };
  }
}
