// The market-maker bot (ADR 013): quotes ~12 levels a side around the reference price on every spot
// and perpetual market, moves only the levels that left the grid when the price moves, and now and
// then takes liquidity with a small market order from a second account so the tape and the candles
// move. It is an ordinary engine user and goes through the same sequencer as everybody. A market
// whose index is stale gets no quotes at all until it is fresh again (ADR 155).

import { accountKey, impactNotional, ResultCode } from '@ex/core';
import type { CommandDraft } from '../engine/commands.ts';
import { MARKETS } from '../engine/markets.ts';
import type { EnginePort } from '../engine/port.ts';
import { indexHealthOf } from '../feed/health.ts';
import { cryptoRandom, seededRandom } from '../feed/price-feed.ts';
import type { ReferencePrices } from '../feed/service.ts';
import { BOT_USERS, MM_USER, TAKER_USER } from './users.ts';

export interface MarketMakerOptions {
  levels?: number;
  /** Grid spacing in parts per million of the price. */
  spacingPpm?: number;
  /** Notional of the first level in USDC units; deeper levels grow. */
  levelNotional?: bigint;
  /** Chance per market and step of a small taker trade. */
  takerChance?: number;
  seed?: number;
  /**
   * The quoting account. Default: the minted bot account of the embedded default. In production an
   * ordinary user id whose funds came in by deposit (MARKET_MAKER_ACCOUNT, ADR 121).
   */
  maker?: string;
  /** The account of the small taker trades; null: none (production: trading with oneself is wash trading). */
  taker?: string | null;
}

const usdc = (n: bigint) => n * 1_000_000n;
/** Inventory of the bot accounts: far more than they can ever trade, deposited once. */
const FUNDS: Record<string, bigint> = {
  USDC: usdc(2_000_000_000n),
  BTC: 20_000n * 100_000_000n,
  ETH: 500_000n * 100_000_000n,
  SOL: 5_000_000n * 100_000_000n,
  BNB: 2_000_000n * 100_000_000n,
  XRP: 500_000_000n * 100_000_000n,
  DOGE: 2_000_000_000n * 100_000_000n,
};
const CONTRACT_USDC = usdc(800_000_000n);

export class MarketMaker {
  private readonly levels: number;
  private readonly spacingPpm: bigint;
  private readonly levelNotional: bigint;
  private readonly takerChance: number;
  private readonly random: () => number;
  private readonly maker: string;
  private readonly taker: string | null;
  private readonly premiums = new Map<string, number>();
  private readonly spacings = new Map<string, number>();

  constructor(
    private readonly host: EnginePort,
    private readonly prices: ReferencePrices,
    options: MarketMakerOptions = {},
  ) {
    this.levels = options.levels ?? 12;
    this.spacingPpm = BigInt(options.spacingPpm ?? 400);
    this.levelNotional = options.levelNotional ?? usdc(3_000n);
    this.takerChance = options.takerChance ?? 0.25;
    this.random = options.seed === undefined ? cryptoRandom() : seededRandom(options.seed);
    this.maker = options.maker ?? MM_USER;
    this.taker = options.taker === undefined ? TAKER_USER : options.taker;
  }

  /**
   * Embedded default only: mints the bot inventory once (a deposit with no coins behind it). Never
   * for an ordinary account: its balance must stay what was really deposited (ADR 121).
   */
  async fund(): Promise<void> {
    const ledger = this.host.engine.ledger;
    const jobs: Promise<unknown>[] = [];
    const users = [this.maker, ...(this.taker === null ? [] : [this.taker])];
    if (users.some((u) => !BOT_USERS.has(u)))
      throw new Error('only the built-in bot accounts are ever minted');
    for (const user of users) {
      if (
        ledger.available(accountKey(user, 'spot', 'USDC')) > 0n ||
        ledger.available(accountKey(user, 'contract', 'USDC')) > 0n
      )
        continue;
      for (const [asset, amount] of Object.entries(FUNDS)) {
        jobs.push(this.host.submit({ type: 'deposit', userId: user, asset, amount }, { idPrefix: 'bot-' }));
      }
      jobs.push(
        this.host.submit(
          {
            type: 'transfer',
            userId: user,
            asset: 'USDC',
            from: 'spot',
            to: 'contract',
            amount: CONTRACT_USDC,
          },
          { idPrefix: 'bot-' },
        ),
      );
    }
    await Promise.all(jobs);
  }

  /** The bot's resting orders per market and side, read from the engine (so a restart finds them). */
  private resting(symbol: string, perp: boolean): { buy: Map<number, string>; sell: Map<number, string> } {
    const out = { buy: new Map<number, string>(), sell: new Map<number, string>() };
    if (perp) {
      for (const o of this.host.engine.perp.ordersOf(this.maker)) {
        if (o.symbol !== symbol) continue;
        const side = o.action === 'open_long' || o.action === 'close_short' ? 'buy' : 'sell';
        out[side].set(Number(o.price), o.orderId);
      }
    } else {
      const book = this.host.engine.spot.book(symbol);
      for (const o of this.host.engine.spot.openOrders()) {
        if (o.userId !== this.maker || o.symbol !== symbol || book === undefined) continue;
        out[o.side].set(o.price, o.orderId);
      }
    }
    return out;
  }

  /**
   * The quoting premium of a perpetual in ppm of the index: a bounded random walk (±2000 ppm, steps
   * of up to 120 ppm, pulled back 1 % a step). Funding follows the premium once it leaves the ±0.05 %
   * band around the interest rate (Binance's formula), so it moves now and then, as on a real venue.
   */
  private premiumPpm(symbol: string): number {
    const last = this.premiums.get(symbol) ?? 0;
    const step = Math.floor(this.random() * 241) - 120;
    const next = Math.max(-2000, Math.min(2000, last + step - Math.trunc(last / 100)));
    this.premiums.set(symbol, next);
    return next;
  }

  /**
   * The grid's spacing in ticks (ADR 211): the one this market quotes on while the ideal one (the
   * spacing in ppm of today's reference) stays within 10 % of it. Recomputed from every step's
   * reference, the spacing changed by a tick or so each second and with it the price of every level
   * but the first: each step cancelled and re-placed the whole ladder of the high-priced markets
   * (BTC_USDC's book changed 34 times a second, all 12 books 141; each change a journal row, a
   * replica step on every gateway and a depth change for every subscriber), and its orders never
   * kept their place in the queue. On a fixed grid a step moves only the levels the price left
   * (BTC_USDC 1.75 a second, all books 70, most of them the perpetuals' wandering premium).
   */
  private gridSpacing(symbol: string, ideal: number): number {
    const held = this.spacings.get(symbol);
    if (held !== undefined && held * 10 >= ideal * 9 && held * 10 <= ideal * 11) return held;
    this.spacings.set(symbol, ideal);
    return ideal;
  }

  private cancelDraft(symbol: string, perp: boolean, orderId: string): CommandDraft {
    return perp
      ? { type: 'contractCancel', symbol, orderId, userId: this.maker }
      : { type: 'spotCancel', symbol, orderId, userId: this.maker };
  }

  /** One round over every market: re-quote what moved, maybe one taker trade each. */
  async step(): Promise<void> {
    const commands: { draft: CommandDraft; idPrefix?: string }[] = [];
    const health = indexHealthOf(this.host);
    for (const m of MARKETS) {
      const perp = m.kind === 'perp';
      // A stale index (ADR 153): quotes around an old price are free money for whoever sees the
      // real one. Take every quote of the market off the book and place nothing until it is fresh.
      if (health.staleSymbol(m.symbol)) {
        const have = this.resting(m.symbol, perp);
        for (const orderId of [...have.buy.values(), ...have.sell.values()])
          commands.push({ draft: this.cancelDraft(m.symbol, perp, orderId) });
        continue;
      }
      const index = this.prices.ticks(m.symbol);
      if (index === undefined) continue;
      // Perpetuals quote around the index plus a slowly wandering premium, as real perpetuals trade
      // a little above or below spot: the premium is what funding is made of, so it moves too.
      const ref = perp ? index + Math.trunc((index * this.premiumPpm(m.symbol)) / 1_000_000) : index;
      const pm = perp ? this.host.engine.perp.markets.get(m.symbol)! : undefined;
      const quotePerTickLot =
        pm?.quotePerTickLot ?? this.host.engine.spot.markets.get(m.symbol)!.quotePerTickLot;
      // A perpetual's funding premium samples impact prices (ADR 195/198): the first level holds the
      // impact notional and the grid is four times tighter than spot's, so the impact bid and ask sit
      // near the quoted premium instead of a spread's width away from it (which would read as 0).
      const impact = pm === undefined ? 0n : impactNotional(pm);
      const first = impact > this.levelNotional ? impact : this.levelNotional;
      const spacingPpm = perp ? this.spacingPpm / 4n : this.spacingPpm;
      const spacing = this.gridSpacing(
        m.symbol,
        Math.max(1, Number((BigInt(ref) * spacingPpm) / 1_000_000n)),
      );
      const bestBid = Math.floor(ref / spacing) * spacing - spacing;
      const bestAsk = Math.ceil(ref / spacing) * spacing + spacing;
      const want = { buy: new Map<number, number>(), sell: new Map<number, number>() };
      for (let i = 0; i < this.levels; i++) {
        const notional = first + (this.levelNotional * BigInt(i)) / 2n;
        for (const [side, price] of [
          ['buy', bestBid - i * spacing],
          ['sell', bestAsk + i * spacing],
        ] as const) {
          if (price <= 0) continue;
          const lots = Number(notional / (BigInt(price) * quotePerTickLot));
          if (lots > 0) want[side].set(price, lots);
        }
      }
      const have = this.resting(m.symbol, perp);
      // Every cancel before any new quote: a new bid must not meet an old ask still resting (a
      // post-only refusal would leave that side empty for a step).
      const places: typeof commands = [];
      for (const side of ['buy', 'sell'] as const) {
        for (const [price, orderId] of have[side]) {
          if (want[side].has(price)) continue;
          commands.push({ draft: this.cancelDraft(m.symbol, perp, orderId) });
        }
        for (const [price, lots] of want[side]) {
          if (have[side].has(price)) continue;
          places.push({
            draft: perp
              ? {
                  type: 'contractPlace',
                  userId: this.maker,
                  symbol: m.symbol,
                  action: side === 'buy' ? 'open_long' : 'open_short',
                  orderType: 'limit',
                  mode: 'cross',
                  price,
                  qty: lots,
                  tif: 'POST_ONLY',
                }
              : {
                  type: 'spotPlace',
                  orderType: 'limit',
                  userId: this.maker,
                  symbol: m.symbol,
                  side,
                  price,
                  qty: lots,
                  tif: 'POST_ONLY',
                },
            idPrefix: 'mm-',
          });
        }
      }
      commands.push(...places);
      const taker = this.taker;
      if (taker !== null && this.random() < this.takerChance) {
        const side = this.random() < 0.5 ? 'buy' : 'sell';
        const notional =
          this.levelNotional / 20n + BigInt(Math.floor(this.random() * 10)) * (this.levelNotional / 40n);
        const price = side === 'buy' ? bestAsk : bestBid;
        const lots = Math.max(1, Number(notional / (BigInt(price) * quotePerTickLot)));
        commands.push({
          draft: perp
            ? {
                type: 'contractPlace',
                userId: taker,
                symbol: m.symbol,
                action: side === 'buy' ? 'open_long' : 'open_short',
                orderType: 'market',
                mode: 'cross',
                qty: lots,
              }
            : {
                type: 'spotPlace',
                orderType: 'market',
                userId: taker,
                symbol: m.symbol,
                side,
                ...(side === 'buy'
                  ? { quoteAmount: BigInt(lots) * BigInt(price) * quotePerTickLot }
                  : { qty: lots }),
              },
          idPrefix: 'mmt-',
        });
      }
    }
    const results = await Promise.all(
      commands.map((c) =>
        this.host.submit(c.draft, c.idPrefix === undefined ? {} : { idPrefix: c.idPrefix }),
      ),
    );
    void results.filter((r) => r.code !== ResultCode.OK);
  }
}
