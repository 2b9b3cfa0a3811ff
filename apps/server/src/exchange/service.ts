import { randomBytes } from 'node:crypto';
import type {
  ExchangeCoins,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ExchangeRecord,
  Page,
  TreasuryBalances,
} from '@ex/contract';
import { accountKey, decimal, ResultCode } from '@ex/core';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { ASSETS } from '../engine/config.ts';
import { QUOTE } from '../engine/markets.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount, marketUnits } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import { indexTicks } from '../market/bands.ts';
import { failpoint } from './failpoints.ts';
import { ceilDiv, isCoin, pow10, RowMoves, unitsOf, userSpot } from './money.ts';
import type { EarnDb, ExchangeRecordsTable } from './tables.ts';
import { type Treasuries, type TreasuryPurpose, treasuryAccount } from './treasury.ts';

/** How long a quote can be executed (spec: the user confirms a shown amount). */
export const QUOTE_TTL_MS = 10_000;
const PPM = 1_000_000n;

interface Quote {
  userId: string;
  from: string;
  to: string;
  amount: bigint;
  receive: bigint;
  fee: bigint;
  price: string;
  expiresAt: number;
}

const toRecord = (r: ExchangeRecordsTable): ExchangeRecord => ({
  id: r.id,
  from: r.from_coin,
  to: r.to_coin,
  amount: r.amount,
  receive: r.receive,
  price: r.price,
  fee: r.fee,
  created_at: Number(r.created_at),
});

export interface ExchangeLimits {
  /** Fee in percent of the received amount ("0.2"). */
  feePercent: string;
  /** Whole USDC of value per quote and per user per UTC day (ADR 111). */
  maxQuoteUsdc: number;
  dailyUsdc: number;
}

const FLOAT: TreasuryPurpose = 'flash';
const DAY_MS = 86_400_000;

/**
 * Flash exchange against the flash float of the treasury (ADRs 075, 110, 111, 113, 114): a coin for
 * USDC or USDC for a coin at the index price. The fee is kept in the received coin; amounts are
 * bigint in the smallest unit throughout. The record is written `pending` before any money moves
 * and each move has its own idempotency key, so a crash in between is completed by recover().
 */
export class ExchangeService {
  private readonly quotes = new Map<string, Quote>();
  private readonly feePpm: bigint;
  private readonly moves: RowMoves;

  constructor(
    private readonly host: EnginePort,
    private readonly db: EarnDb,
    edb: EngineDb,
    private readonly clock: Clock,
    private readonly treasuries: Treasuries,
    private readonly limits: ExchangeLimits,
  ) {
    // Percent at 4 decimals is ppm: "0.2" -> 2000 (the config regex allows at most 4 decimals).
    this.feePpm = decimal(limits.feePercent, 4);
    this.moves = new RowMoves(host, edb, 'fx', 'system');
  }

  coins(): ExchangeCoins {
    return { quote: QUOTE, coins: Object.keys(ASSETS).filter((c) => c !== QUOTE && this.hasMarket(c)) };
  }

  private hasMarket(coin: string): boolean {
    return marketUnits(`${coin}_${QUOTE}`) !== undefined;
  }

  /**
   * USDC units per one whole coin: the index price (ADR 110), never the last trade, which two
   * accounts can print at any price between themselves. Refused while the spot book's mid is
   * further from the index than the market's band: then the index may be stale or the market
   * moving, and the float would be the one to pay for it.
   */
  private priceUnits(coin: string): { units: bigint; text: string } {
    const spot = marketUnits(`${coin}_${QUOTE}`);
    if (spot === undefined) throw new AppError('EXCHANGE_UNAVAILABLE');
    const index = indexTicks(this.host, spot);
    if (index === undefined) throw new AppError('EXCHANGE_UNAVAILABLE');
    const book = this.host.engine.spot.book(spot.config.symbol);
    const bid = book?.bestBid();
    const ask = book?.bestAsk();
    if (bid !== undefined && ask !== undefined) {
      // |mid - index| > band * index, in integers: |bid + ask - 2 index| * 1e6 > 2 band index.
      const gap = BigInt(bid) + BigInt(ask) - 2n * index;
      const abs = gap < 0n ? -gap : gap;
      if (abs * PPM > 2n * spot.config.priceBandPpm * index) throw new AppError('EXCHANGE_PRICE_DEVIATION');
    }
    const text = spot.price(index);
    const units = decimal(text, ASSETS[QUOTE]!);
    if (units <= 0n) throw new AppError('EXCHANGE_UNAVAILABLE');
    return { units, text };
  }

  /** USDC value already exchanged by the user today (UTC), pending and done records. */
  private async usedToday(userId: string): Promise<bigint> {
    const dayStart = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    const rows = await this.db
      .selectFrom('exchange_records')
      .select(['from_coin', 'amount', 'receive', 'fee'])
      .where('user_id', '=', userId)
      .where('status', '!=', 'failed')
      .where('created_at', '>=', String(dayStart))
      .execute();
    const q = ASSETS[QUOTE]!;
    return rows.reduce(
      (sum, r) =>
        sum + (r.from_coin === QUOTE ? decimal(r.amount, q) : decimal(r.receive, q) + decimal(r.fee, q)),
      0n,
    );
  }

  private async checkLimits(userId: string, value: bigint): Promise<void> {
    const one = pow10(ASSETS[QUOTE]!);
    if (value > BigInt(this.limits.maxQuoteUsdc) * one) {
      throw new AppError('EXCHANGE_QUOTE_TOO_LARGE', { max: String(this.limits.maxQuoteUsdc) });
    }
    if ((await this.usedToday(userId)) + value > BigInt(this.limits.dailyUsdc) * one) {
      throw new AppError('EXCHANGE_DAILY_LIMIT', { max: String(this.limits.dailyUsdc) });
    }
  }

  async quote(userId: string, body: ExchangeQuoteRequest): Promise<ExchangeQuote> {
    const { from, to } = body;
    if (!isCoin(from)) throw new AppError('VALIDATION', undefined, { from: ['validation.invalid_format'] });
    if (!isCoin(to)) throw new AppError('VALIDATION', undefined, { to: ['validation.invalid_format'] });
    if (from === to) throw new AppError('VALIDATION', undefined, { to: ['error.transfer_same_account'] });
    if (from !== QUOTE && to !== QUOTE) {
      throw new AppError('VALIDATION', undefined, { to: ['validation.invalid_format'] });
    }
    const amount = unitsOf(body.amount, ASSETS[from]!, 'amount', 'error.exchange_amount_invalid');
    const coin = from === QUOTE ? to : from;
    const price = this.priceUnits(coin);
    const coinOne = pow10(ASSETS[coin]!);
    // Floors toward the house: the user never receives more than the market value.
    const gross = from === QUOTE ? (amount * coinOne) / price.units : (amount * price.units) / coinOne;
    const fee = ceilDiv(gross * this.feePpm, PPM);
    const receive = gross - fee;
    if (receive <= 0n)
      throw new AppError('VALIDATION', undefined, { amount: ['error.exchange_amount_invalid'] });
    await this.checkLimits(userId, from === QUOTE ? amount : gross);
    if (this.treasuries.available(FLOAT, to) < receive) throw new AppError('EXCHANGE_UNAVAILABLE');
    const now = this.clock.now();
    for (const [id, q] of this.quotes) if (q.expiresAt < now) this.quotes.delete(id);
    const id = randomBytes(12).toString('base64url');
    const q: Quote = {
      userId,
      from,
      to,
      amount,
      receive,
      fee,
      price: price.text,
      expiresAt: now + QUOTE_TTL_MS,
    };
    this.quotes.set(id, q);
    return {
      quote_id: id,
      from,
      to,
      amount: formatAmount(amount, from),
      receive: formatAmount(receive, to),
      price: price.text,
      fee: formatAmount(fee, to),
      expires_at: q.expiresAt,
    };
  }

  execute(userId: string, quoteId: string): Promise<ExchangeRecord> {
    const q = this.quotes.get(quoteId);
    // Someone else's quote is as unknown as a made-up one.
    if (q === undefined || q.userId !== userId) throw new AppError('NOT_FOUND');
    if (this.clock.now() > q.expiresAt) {
      this.quotes.delete(quoteId);
      throw new AppError('EXCHANGE_QUOTE_EXPIRED');
    }
    // Single use, taken before the first await so a double click cannot run it twice.
    this.quotes.delete(quoteId);
    return this.moves.serial(async () => {
      const own = this.host.engine.ledger.balance(accountKey(userId, 'spot', q.from));
      if (own.available < q.amount) throw new AppError('INSUFFICIENT_BALANCE');
      if (this.treasuries.available(FLOAT, q.to) < q.receive) throw new AppError('EXCHANGE_UNAVAILABLE');
      // Again under the lock: ten quotes taken at once must not pass the daily cap together.
      await this.checkLimits(userId, q.from === QUOTE ? q.amount : q.receive + q.fee);
      const row: ExchangeRecordsTable = {
        id: quoteId,
        user_id: userId,
        from_coin: q.from,
        to_coin: q.to,
        amount: formatAmount(q.amount, q.from),
        receive: formatAmount(q.receive, q.to),
        price: q.price,
        fee: formatAmount(q.fee, q.to),
        created_at: String(this.clock.now()),
        status: 'pending',
      };
      await this.db.insertInto('exchange_records').values(row).execute();
      const status = await this.complete(row);
      if (status === 'failed') {
        // Paid in and refunded: the float was short; never paid in: the user's balance was.
        const paidIn = await this.moves.moved(row, 'in');
        throw new AppError(paidIn ? 'EXCHANGE_UNAVAILABLE' : 'INSUFFICIENT_BALANCE');
      }
      return toRecord({ ...row, status });
    });
  }

  /**
   * The money of one record, each step at most once: the user's coins into the float, the float's
   * coins to the user (or, when the float ran short, the user's coins back), then the row. Safe to
   * run again on a `pending` row after a crash at any point.
   */
  private async complete(r: ExchangeRecordsTable): Promise<'done' | 'failed'> {
    const amount = decimal(r.amount, ASSETS[r.from_coin]!);
    const receive = decimal(r.receive, ASSETS[r.to_coin]!);
    const paid = await this.moves.move(
      r,
      'in',
      userSpot(r.user_id, r.from_coin),
      treasuryAccount(FLOAT, r.from_coin),
      amount,
    );
    let status: 'done' | 'failed' = 'done';
    if (paid !== ResultCode.OK) status = 'failed';
    else {
      failpoint('exchange.after-in');
      const out = await this.moves.move(
        r,
        'out',
        treasuryAccount(FLOAT, r.to_coin),
        userSpot(r.user_id, r.to_coin),
        receive,
      );
      if (out !== ResultCode.OK) {
        // The float ran short between the check and the payout: the user's coins go back.
        const back = await this.moves.move(
          r,
          'back',
          treasuryAccount(FLOAT, r.from_coin),
          userSpot(r.user_id, r.from_coin),
          amount,
        );
        if (back !== ResultCode.OK) throw new Error(`flash exchange ${r.id}: refund refused (${back})`);
        status = 'failed';
      }
    }
    failpoint('exchange.before-row');
    await this.db
      .updateTable('exchange_records')
      .set({ status })
      .where('id', '=', r.id)
      .where('status', '=', 'pending')
      .execute();
    this.treasuries.check(FLOAT, r.to_coin);
    return status;
  }

  /**
   * Finishes every `pending` record (at start and from the operator's recovery endpoint). One whose
   * user never paid in is marked failed, not executed: its quote's price is old by now.
   */
  recover(): Promise<number> {
    return this.moves.recover(
      () => this.db.selectFrom('exchange_records').selectAll().where('status', '=', 'pending').execute(),
      (r) =>
        this.moves.resolve(
          r,
          'in',
          () => this.complete(r),
          () =>
            this.db
              .updateTable('exchange_records')
              .set({ status: 'failed' })
              .where('id', '=', r.id)
              .where('status', '=', 'pending')
              .execute(),
        ),
    );
  }

  async history(userId: string, page: number, limit: number): Promise<Page<ExchangeRecord>> {
    const base = this.db
      .selectFrom('exchange_records')
      .where('user_id', '=', userId)
      .where('status', '=', 'done');
    const { rows, total } = await fetchPage(base, { page, limit }, (b) =>
      b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    );
    return { list: rows.map(toRecord), total, page, limit };
  }

  /** The flash float's balances (the purpose this page's operator funds by default). */
  treasury(purpose: TreasuryPurpose = FLOAT): TreasuryBalances {
    return this.treasuries.balances(purpose);
  }
}
