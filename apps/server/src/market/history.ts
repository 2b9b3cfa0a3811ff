// Backfilled market history of the simulated feed (ADR 152). On an empty database the embedded
// default would show one candle per chart and "--" for every market that has not traded yet. The
// backfill is market data only: candles and a short tape derived from one stored anchor (a seed, the
// end time and the end prices), regenerated the same way at every start. It never becomes an engine
// trade, a ledger posting or a row of `trades`, so it cannot create or move money.

import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MARKETS } from '../engine/markets.ts';
import { seededRandom } from '../feed/price-feed.ts';

export const HISTORY_DAYS = 30;
const MINUTE_MS = 60_000;
/** Trades of the synthetic tape: one per minute of the last hour. */
const TAPE_MINUTES = 60;

export interface HistoryAnchor {
  seed: number;
  /** The history ends (exclusive) at this minute; live data continues from here. */
  endTs: number;
  /** Price per base at the end, in USDC micro-units (the feed's unit), as decimal strings. */
  endPrices: Record<string, string>;
}

export interface HistoryCandle {
  openTs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
  amount: bigint;
}

export interface HistoryTrade {
  id: string;
  ticks: number;
  lots: number;
  value: bigint;
  side: 'buy' | 'sell';
  ts: number;
}

/** What a market needs from the engine to turn prices into ticks and lots. */
export interface HistoryMarket {
  symbol: string;
  base: string;
  /** USDC micro-units -> ticks of this market. */
  ticksOf(micro: bigint): number;
  quotePerTickLot: bigint;
}

type Tables = { market_history: { id: string; seed: string; end_ts: string; end_prices: string } };

/** `0620_market_history`: the one anchor row of the backfill (ADR 152). */
export async function up(db: Kysely<Database>): Promise<void> {
  await sql`
    create table market_history (
      id text primary key,
      seed int8 not null,
      end_ts int8 not null,
      end_prices text not null
    )`.execute(db);
}
export const MARKET_HISTORY_MIGRATION = { version: '0620_market_history', up } as const;

// The engine's and the app's Kysely both reach this table; only its own table type is needed here.
const historyDb = (db: object) => db as Kysely<Tables>;

export async function readAnchor(db: object): Promise<HistoryAnchor | undefined> {
  const row = await historyDb(db)
    .selectFrom('market_history')
    .selectAll()
    .where('id', '=', 'sim')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { seed: Number(row.seed), endTs: Number(row.end_ts), endPrices: JSON.parse(row.end_prices) };
}

/** Stores the anchor once; a second writer (a restart racing) keeps the first. Returns the stored one. */
export async function writeAnchor(db: object, anchor: HistoryAnchor): Promise<HistoryAnchor> {
  await historyDb(db)
    .insertInto('market_history')
    .values({
      id: 'sim',
      seed: String(anchor.seed),
      end_ts: String(anchor.endTs),
      end_prices: JSON.stringify(anchor.endPrices),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await readAnchor(db))!;
}

/**
 * 1-minute candles of every market over HISTORY_DAYS up to the anchor's end, and a tape of the last
 * hour. Prices walk backwards from the end price (so the live feed continues where history stops)
 * in integer ticks; spot and perpetual of a base share the path, with their own volumes.
 */
export function synthesize(
  anchor: HistoryAnchor,
  markets: HistoryMarket[],
): Map<string, { minutes: HistoryCandle[]; tape: HistoryTrade[] }> {
  const out = new Map<string, { minutes: HistoryCandle[]; tape: HistoryTrade[] }>();
  const minutes = HISTORY_DAYS * 1440;
  const end = Math.floor(anchor.endTs / MINUTE_MS) * MINUTE_MS;
  const bases = [...new Set(markets.map((m) => m.base))];
  for (const [bi, base] of bases.entries()) {
    const endMicro = anchor.endPrices[base];
    if (endMicro === undefined) continue;
    const random = seededRandom((anchor.seed + bi * 7919) >>> 0);
    // Path in micro-units, one close per minute, oldest first. Each step moves up to 0.06%, pulled
    // back a little toward the end price so 30 days stay within a realistic range.
    const closes = new Array<bigint>(minutes);
    let p = BigInt(endMicro);
    const target = p;
    for (let i = minutes - 1; i >= 0; i--) {
      closes[i] = p;
      const draw = BigInt(Math.floor(random() * 2001) - 1000);
      p = p + (p * draw * 600n) / 1_000_000_000n + (target - p) / 2000n;
      if (p < target / 5n) p = target / 5n;
    }
    for (const m of markets.filter((x) => x.base === base)) {
      const volumeRandom = seededRandom((anchor.seed ^ (bi * 104729 + m.symbol.length * 31)) >>> 0);
      const candles: HistoryCandle[] = [];
      let prev = m.ticksOf(closes[0]!);
      for (let i = 0; i < minutes; i++) {
        const close = m.ticksOf(closes[i]!);
        const open = prev;
        // Wicks: up to 0.03% beyond the body, integer ticks.
        const wick = Math.max(1, Math.floor((close * 3) / 10_000));
        const high = Math.max(open, close) + Math.floor(volumeRandom() * wick);
        const low = Math.max(1, Math.min(open, close) - Math.floor(volumeRandom() * wick));
        // 2,000 .. 40,000 USDC traded per minute, in lots (at least one).
        const notional = BigInt(2_000 + Math.floor(volumeRandom() * 38_000)) * 1_000_000n;
        const lots = notional / (BigInt(close) * m.quotePerTickLot);
        const volume = lots > 0n ? lots : 1n;
        candles.push({
          openTs: end - (minutes - i) * MINUTE_MS,
          open,
          high,
          low,
          close,
          volume,
          amount: volume * BigInt(close) * m.quotePerTickLot,
        });
        prev = close;
      }
      const tape: HistoryTrade[] = candles.slice(-TAPE_MINUTES).map((c, i) => {
        const lots = c.volume / 20n > 0n ? c.volume / 20n : 1n;
        return {
          id: `hist-${m.symbol}-${c.openTs}`,
          ticks: c.close,
          lots: Number(lots),
          value: lots * BigInt(c.close) * m.quotePerTickLot,
          side: (i + bi) % 2 === 0 ? 'buy' : 'sell',
          ts: c.openTs + 30_000,
        };
      });
      out.set(m.symbol, { minutes: candles, tape });
    }
  }
  return out;
}

/** Groups 1-minute candles into candles of `ms`, oldest first. */
export function aggregate(minutes: HistoryCandle[], ms: number): HistoryCandle[] {
  const out: HistoryCandle[] = [];
  for (const c of minutes) {
    const openTs = Math.floor(c.openTs / ms) * ms;
    const last = out[out.length - 1];
    if (last !== undefined && last.openTs === openTs) {
      last.high = Math.max(last.high, c.high);
      last.low = Math.min(last.low, c.low);
      last.close = c.close;
      last.volume += c.volume;
      last.amount += c.amount;
    } else out.push({ ...c, openTs });
  }
  return out;
}

/** The symbols history covers: every configured market. */
export const HISTORY_SYMBOLS = MARKETS.map((m) => m.symbol);
