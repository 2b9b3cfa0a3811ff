// Market data built from committed events: the trade tape, klines (1m .. 1d) and 24h statistics per
// market, and the messages of the /ws channels (ADR 012). Klines are not stored: they are rebuilt from
// the trades table at start (the last KLINE_REBUILD_DAYS) and updated from each commit after that.

import { randomInt } from 'node:crypto';
import type { KlineInterval, MarketCoin, PublicTrade } from '@ex/contract';
import { type EngineEvent, formatDecimal, marketParams } from '@ex/core';
import { QUOTE } from '../engine/config.ts';
import type { Executed } from '../engine/host.ts';
import { MARKETS } from '../engine/markets.ts';
import type { EnginePort } from '../engine/port.ts';
import type { PubSub } from '../engine/pubsub.ts';
import type { EngineDb } from '../engine/tables.ts';
import { publicTradeId } from '../engine/trade-ids.ts';
import { assetScale, marketUnits, mustMarket } from '../engine/units.ts';
import { usdcToTicks } from '../feed/service.ts';
import {
  aggregate,
  type HistoryAnchor,
  type HistoryMarket,
  readAnchor,
  synthesize,
  writeAnchor,
} from './history.ts';

export const INTERVALS: Record<KlineInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};
const MAX_CANDLES = 1000;
const TAPE = 500;
const DAY_MS = 86_400_000;
export const KLINE_REBUILD_DAYS = 7;
/** Candles kept per interval: at least MAX_CANDLES, and a whole day of 1m candles for the 24h stats. */
const keepOf = (ms: number) => Math.max(MAX_CANDLES, Math.ceil(DAY_MS / ms) + 60);

interface Candle {
  openTs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Lots. */
  volume: bigint;
  /** Quote units. */
  amount: bigint;
}

interface TapeTrade {
  id: string;
  ticks: number;
  lots: number;
  value: bigint;
  side: 'buy' | 'sell';
  ts: number;
}

/** Private channels: `<name>:<userId>` inside the server, `<name>` for the client. */
export const PRIVATE_CHANNELS = ['orders', 'positions', 'balances'] as const;
export const privateTopic = (name: string, userId: string) => `${name}:@${userId}`;

/** What one commit publishes per channel, gathered over the batch and sent after it (ADR 210). */
interface CommitOut {
  /** Per book: the seq range, the first command's engine time, and each touched level's last total. */
  depth: Map<
    string,
    { first: number; seq: number; ts: number; bids: Map<string, string>; asks: Map<string, string> }
  >;
  /** Per market, oldest first. */
  trades: Map<string, PublicTrade[]>;
  /** Per `symbol|interval`: the candles the commit's trades touched (sent in their final state). */
  candles: Map<string, Set<Candle>>;
  tickers: Set<string>;
  /** User -> engine time of the last command of the commit that moved their balances. */
  balances: Map<string, number>;
  /** Trades of the command being read so far: the next one's place in its public id (ADR 254). */
  tradeNo: number;
}

export class MarketData {
  private readonly candles = new Map<string, Candle[]>();
  private readonly tapes = new Map<string, TapeTrade[]>();

  constructor(
    private readonly host: EnginePort,
    private readonly pubsub: PubSub,
    private readonly now: () => number,
  ) {
    host.onCommit((batch) => this.onCommit(batch));
  }

  /** Rebuilds tapes and klines from the backfilled history (if any) and the persisted trades. */
  async load(edb: EngineDb): Promise<void> {
    const anchor = await readAnchor(edb);
    if (anchor !== undefined) this.installHistory(anchor);
    const since = this.now() - KLINE_REBUILD_DAYS * DAY_MS;
    const rows = await edb
      .selectFrom('trades')
      .select(['public_id', 'market', 'price', 'qty', 'value', 'taker_side', 'ts'])
      .where('ts', '>=', String(since))
      .orderBy('seq')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const m = marketUnits(r.market);
      if (m === undefined) continue;
      this.addTrade(r.market, {
        id: r.public_id,
        ticks: Number(decimalUnits(r.price, m.scales.priceScale) / m.scales.tickSize),
        lots: Number(decimalUnits(r.qty, m.scales.qtyScale) / m.scales.stepSize),
        value: decimalUnits(r.value, assetScale(m.config.quote)),
        side: r.taker_side,
        ts: Number(r.ts),
      });
    }
  }

  private addTrade(symbol: string, t: TapeTrade): void {
    let tape = this.tapes.get(symbol);
    if (tape === undefined) {
      tape = [];
      this.tapes.set(symbol, tape);
    }
    tape.push(t);
    if (tape.length > TAPE * 2) tape.splice(0, tape.length - TAPE);
    for (const [interval, ms] of Object.entries(INTERVALS)) {
      const key = `${symbol}|${interval}`;
      let list = this.candles.get(key);
      if (list === undefined) {
        list = [];
        this.candles.set(key, list);
      }
      const openTs = Math.floor(t.ts / ms) * ms;
      const last = list[list.length - 1];
      if (last !== undefined && last.openTs === openTs) {
        last.high = Math.max(last.high, t.ticks);
        last.low = Math.min(last.low, t.ticks);
        last.close = t.ticks;
        last.volume += BigInt(t.lots);
        last.amount += t.value;
      } else if (last === undefined || openTs > last.openTs) {
        list.push({
          openTs,
          open: t.ticks,
          high: t.ticks,
          low: t.ticks,
          close: t.ticks,
          volume: BigInt(t.lots),
          amount: t.value,
        });
        if (list.length > keepOf(ms) * 2) list.splice(0, list.length - keepOf(ms));
      }
    }
  }

  /**
   * The simulated feed's backfill (ADR 152): on a database with no trades and no history yet, stores
   * an anchor (a fresh seed, now, the feed's current prices) and installs 30 days of candles and an
   * hour of tape ending here. Returns whether it backfilled. Market data only: nothing is journaled.
   */
  async backfill(edb: EngineDb, endPrices: Map<string, bigint>): Promise<boolean> {
    if ((await readAnchor(edb)) !== undefined) return false;
    const traded = await edb.selectFrom('trades').select('id').limit(1).executeTakeFirst();
    if (traded !== undefined) return false;
    const anchor = await writeAnchor(edb, {
      seed: randomInt(0, 2 ** 31),
      endTs: this.now(),
      endPrices: Object.fromEntries([...endPrices].map(([base, p]) => [base, p.toString()])),
    });
    this.installHistory(anchor);
    return true;
  }

  /** Puts the synthetic candles and tape before whatever live data the lists already hold. */
  private installHistory(anchor: HistoryAnchor): void {
    const markets: HistoryMarket[] = MARKETS.map((mc) => {
      const engineMarket =
        mc.kind === 'spot'
          ? this.host.engine.spot.markets.get(mc.symbol)
          : this.host.engine.perp.markets.get(mc.symbol);
      return {
        symbol: mc.symbol,
        base: mc.base,
        ticksOf: (micro: bigint) => usdcToTicks(mc.symbol, micro),
        quotePerTickLot: engineMarket?.quotePerTickLot ?? 1n,
      };
    });
    for (const [symbol, h] of synthesize(anchor, markets)) {
      for (const [interval, ms] of Object.entries(INTERVALS)) {
        const key = `${symbol}|${interval}`;
        const live = this.candles.get(key) ?? [];
        const first = live[0]?.openTs ?? Number.POSITIVE_INFINITY;
        const past = aggregate(h.minutes, ms)
          .filter((c) => c.openTs < first)
          .slice(-keepOf(ms));
        this.candles.set(key, [...past, ...live]);
      }
      const tape = this.tapes.get(symbol) ?? [];
      const firstTs = tape[0]?.ts ?? Number.POSITIVE_INFINITY;
      this.tapes.set(symbol, [...h.tape.filter((t) => t.ts < firstTs), ...tape]);
    }
  }

  /**
   * One message per channel and commit where a commit can make many (ADR 210): a market maker's
   * re-quote is dozens of commands in one batch, and with 1,000 subscribers every message is 1,000
   * frames to send and 1,000 JSON documents for clients to parse. Depth deltas of one book merge into
   * one delta carrying the seq range (`first_seq`..`seq`), trades of one market into one list, each
   * touched candle is sent once in its final state, tickers of one commit go together, and a user's
   * balances nudge once. Private order events stay one message each (each is its own event).
   */
  private onCommit(batch: readonly Executed[]): void {
    const out: CommitOut = {
      depth: new Map(),
      trades: new Map(),
      candles: new Map(),
      tickers: new Set(),
      balances: new Map(),
      tradeNo: 0,
    };
    for (const ex of batch) {
      out.tradeNo = 0;
      for (const e of ex.events) this.publishEvent(e, ex, out);
      if (ex.command.type === 'spotAmend') this.spotAmended(ex.command);
    }
    for (const [symbol, d] of out.depth) {
      const range = d.first < d.seq ? { first_seq: d.first } : {};
      // `ts`: the engine time of the first command that moved the book in this commit, so a client
      // (and bench:ws) can tell how old the oldest change it shows is.
      this.pubsub.publish(`depth:${symbol}`, {
        type: 'delta',
        seq: d.seq,
        ...range,
        ts: d.ts,
        data: { bids: [...d.bids], asks: [...d.asks], seq: d.seq, ...range },
      });
    }
    for (const [symbol, list] of out.trades) {
      // Newest first, as the REST list.
      this.pubsub.publish(`trades:${symbol}`, { data: list.reverse() });
    }
    for (const [key, touched] of out.candles) {
      const [symbol] = key.split('|');
      for (const c of touched)
        this.pubsub.publish(`kline:${key.replace('|', ':')}`, { data: this.kline(symbol!, c) });
    }
    if (out.tickers.size > 0) {
      const since = this.now() - DAY_MS;
      const coins = MARKETS.filter((mc) => out.tickers.has(mc.symbol)).map((mc) => this.coin(mc, since));
      this.pubsub.publish('ticker', { data: coins.length === 1 ? coins[0] : coins });
    }
    for (const [u, ts] of out.balances) this.pubsub.publish(privateTopic('balances', u), { ts });
  }

  private publishEvent(e: EngineEvent, ex: Executed, out: CommitOut): void {
    switch (e.type) {
      case 'spot.depth':
      case 'perp.depth': {
        const m = mustMarket(e.symbol);
        let d = out.depth.get(e.symbol);
        if (d === undefined) {
          d = { first: e.seq, seq: e.seq, ts: ex.ts, bids: new Map(), asks: new Map() };
          out.depth.set(e.symbol, d);
        }
        d.seq = e.seq;
        // A level's quantity is its new total, so the last change of a level in the commit is the
        // one that counts (the map keeps its first position).
        for (const dl of e.deltas)
          (dl.side === 'buy' ? d.bids : d.asks).set(m.price(dl.price), m.qty(dl.qty));
        return;
      }
      case 'spot.trade':
      case 'perp.trade': {
        const t = e.trade;
        const m = mustMarket(t.symbol);
        const value =
          e.type === 'spot.trade'
            ? e.trade.value
            : BigInt(t.price) *
              BigInt(t.qty) *
              (this.host.engine.perp.markets.get(t.symbol)?.quotePerTickLot ?? 0n);
        const id = publicTradeId(ex.seq ?? 0, out.tradeNo++);
        const tape: TapeTrade = {
          id,
          ticks: t.price,
          lots: t.qty,
          value,
          side: t.takerSide,
          ts: t.ts,
        };
        this.addTrade(t.symbol, tape);
        out.tickers.add(t.symbol);
        let trades = out.trades.get(t.symbol);
        if (trades === undefined) {
          trades = [];
          out.trades.set(t.symbol, trades);
        }
        trades.push(this.publicTrade(t.symbol, tape));
        for (const [interval] of Object.entries(INTERVALS)) {
          const key = `${t.symbol}|${interval}`;
          const list = this.candles.get(key);
          const c = list?.[list.length - 1];
          if (c === undefined) continue;
          let touched = out.candles.get(key);
          if (touched === undefined) {
            touched = new Set();
            out.candles.set(key, touched);
          }
          touched.add(c);
        }
        const makerUser =
          e.type === 'spot.trade'
            ? t.takerSide === 'buy'
              ? e.trade.sellerId
              : e.trade.buyerId
            : e.trade.makerUserId;
        const takerUser =
          e.type === 'spot.trade'
            ? t.takerSide === 'buy'
              ? e.trade.buyerId
              : e.trade.sellerId
            : e.trade.takerUserId;
        const msg = {
          event: 'trade',
          symbol: t.symbol,
          trade_id: id,
          price: m.price(t.price),
          qty: m.qty(t.qty),
        };
        this.privateOrder(makerUser, { ...msg, order_id: t.makerOrderId });
        this.privateOrder(takerUser, { ...msg, order_id: t.takerOrderId });
        return;
      }
      case 'spot.accepted':
      case 'perp.accepted':
        this.privateOrder(e.userId, {
          event: 'accepted',
          symbol: e.symbol,
          order_id: e.orderId,
          kind: e.type === 'spot.accepted' ? 'spot' : 'perp',
        });
        return;
      case 'perp.conditional': {
        // A stop / take-profit / trailing order waiting outside the book (ADR 136): placed reads as
        // an accepted order with its trigger, an amend as an amended one, firing as `triggered`
        // (the order it becomes is then accepted and traded under the same id).
        const c = e.trigger;
        const m = mustMarket(c.symbol);
        const trigger = { trigger_price: m.price(c.triggerPrice), trigger_by: c.by };
        if (e.status === 'placed') {
          this.privateOrder(c.userId, {
            event: 'accepted',
            symbol: c.symbol,
            order_id: c.orderId,
            kind: 'perp',
            ...trigger,
          });
        } else {
          this.privateOrder(c.userId, {
            event: e.status,
            symbol: c.symbol,
            order_id: c.orderId,
            ...(c.orderType === 'limit' ? { price: m.price(c.price) } : {}),
            qty: m.qty(c.qty),
            ...trigger,
          });
        }
        return;
      }
      case 'perp.amended': {
        const m = mustMarket(e.symbol);
        this.privateOrder(e.userId, {
          event: 'amended',
          symbol: e.symbol,
          order_id: e.orderId,
          price: m.price(e.price),
          qty: m.qty(e.remaining),
        });
        return;
      }
      case 'spot.cancelled':
      case 'perp.cancelled':
        this.privateOrder(e.userId, {
          event: 'cancelled',
          symbol: e.symbol,
          order_id: e.orderId,
          reason: e.reason,
        });
        return;
      case 'perp.position':
        if (!this.host.isBot(e.position.userId)) {
          this.pubsub.publish(privateTopic('positions', e.position.userId), {
            data: {
              symbol: e.position.symbol,
              side: e.position.side,
              margin_mode: e.position.mode,
              size: mustMarket(e.position.symbol).qty(e.position.size),
              closed: e.closed,
            },
          });
        }
        return;
      case 'perp.mark': {
        const m = mustMarket(e.symbol);
        this.pubsub.publish(`mark:${e.symbol}`, {
          data: { mark_price: m.price(e.markPrice), index_price: m.price(e.indexPrice), ts: ex.ts },
        });
        return;
      }
      case 'wallet.ledger':
      case 'spot.ledger':
      case 'perp.ledger':
        for (const p of e.entry.postings) {
          const owner = p.account.slice(0, p.account.indexOf('/'));
          if (owner !== 'system' && !this.host.isBot(owner)) out.balances.set(owner, ex.ts);
        }
        return;
      default:
        return;
    }
  }

  /**
   * The spot engine's amend has no event of its own (its hold and depth changes are ledger and
   * depth events), so the committed command says what changed: the new price and/or quantity.
   */
  private spotAmended(c: Extract<Executed['command'], { type: 'spotAmend' }>): void {
    const m = mustMarket(c.symbol);
    this.privateOrder(c.userId, {
      event: 'amended',
      symbol: c.symbol,
      order_id: c.orderId,
      ...(c.price !== undefined ? { price: m.price(c.price) } : {}),
      ...(c.qty !== undefined ? { qty: m.qty(c.qty) } : {}),
    });
  }

  private privateOrder(userId: string, data: Record<string, unknown>): void {
    if (this.host.isBot(userId)) return;
    this.pubsub.publish(privateTopic('orders', userId), { data });
  }

  private publicTrade(symbol: string, t: TapeTrade): PublicTrade {
    const m = mustMarket(symbol);
    return { id: t.id, price: m.price(t.ticks), qty: m.qty(t.lots), side: t.side, ts: t.ts };
  }

  private kline(symbol: string, c: Candle): [number, string, string, string, string, string] {
    const m = mustMarket(symbol);
    return [c.openTs, m.price(c.open), m.price(c.high), m.price(c.low), m.price(c.close), m.qty(c.volume)];
  }

  trades(symbol: string, limit: number): PublicTrade[] {
    const tape = this.tapes.get(symbol) ?? [];
    return tape
      .slice(-limit)
      .reverse()
      .map((t) => this.publicTrade(symbol, t));
  }

  klines(symbol: string, interval: KlineInterval, limit: number) {
    const list = this.candles.get(`${symbol}|${interval}`) ?? [];
    return list.slice(-limit).map((c) => this.kline(symbol, c));
  }

  /** The last trade price in ticks (undefined before the first trade). */
  lastTicks(symbol: string): number | undefined {
    const tape = this.tapes.get(symbol);
    return tape?.[tape.length - 1]?.ticks;
  }

  depth(symbol: string, limit: number) {
    const m = mustMarket(symbol);
    const book =
      m.config.kind === 'spot' ? this.host.engine.spot.book(symbol) : this.host.engine.perp.book(symbol);
    const d = book!.depth(limit);
    return {
      bids: d.bids.map(([p, q]) => [m.price(p), m.qty(q)] as [string, string]),
      asks: d.asks.map(([p, q]) => [m.price(p), m.qty(q)] as [string, string]),
      seq: d.seq,
      ts: this.now(),
    };
  }

  /** Markets with 24h statistics from the 1m candles of the last 24 hours. */
  coins(): MarketCoin[] {
    const since = this.now() - DAY_MS;
    return MARKETS.map((mc) => this.coin(mc, since));
  }

  /** One market's coin with 24h statistics (the ticker push of a commit computes only the traded). */
  private coin(mc: (typeof MARKETS)[number], since: number): MarketCoin {
    const m = mustMarket(mc.symbol);
    const all = this.candles.get(`${mc.symbol}|1m`) ?? [];
    // Candles are in time order: the day's are the last ones.
    let from = all.length;
    while (from > 0 && all[from - 1]!.openTs >= since - 60_000) from -= 1;
    const list = all.slice(from);
    const lastTicks = this.lastTicks(mc.symbol);
    let high = 0;
    let low = 0;
    let volume = 0n;
    let amount = 0n;
    for (const c of list) {
      high = Math.max(high, c.high);
      low = low === 0 ? c.low : Math.min(low, c.low);
      volume += c.volume;
      amount += c.amount;
    }
    const open = list[0]?.open ?? lastTicks ?? 0;
    const last = lastTicks ?? 0;
    // change in basis points of a percent (two decimals), rounded toward zero
    const changeBp = open > 0 ? ((BigInt(last) - BigInt(open)) * 10_000n) / BigInt(open) : 0n;
    // The engine's live fees (an operator may have changed them, ADR 154).
    const params = marketParams(this.host.engine, mc.symbol);
    return {
      symbol: mc.symbol,
      base: mc.base,
      quote: mc.quote,
      kind: mc.kind,
      last: m.price(last),
      change_pct: formatDecimal(changeBp, 2),
      high: m.price(high),
      low: m.price(low),
      volume: m.qty(volume),
      // Turnover with two decimals, rounded down.
      amount: formatDecimal(amount / 10n ** BigInt(assetScale(QUOTE) - 2), 2),
      price_scale: mc.priceScale,
      qty_scale: mc.qtyScale,
      tick_size: mc.tickSize,
      step_size: mc.stepSize,
      min_qty: mc.minQty,
      max_qty: mc.maxQty,
      min_notional: mc.minNotional,
      ...(params !== undefined
        ? {
            maker_fee_rate: formatDecimal(params.makerFeePpm, 6),
            taker_fee_rate: formatDecimal(params.takerFeePpm, 6),
            // ADR 183: the perpetual's clearance fee, told before a liquidation charges it.
            ...(params.kind === 'perp'
              ? { liquidation_fee_rate: formatDecimal(params.liquidationFeePpm, 6) }
              : {}),
          }
        : {}),
    };
  }
}

function decimalUnits(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const v = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -v : v;
}
