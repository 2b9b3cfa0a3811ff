import { randomBytes } from 'node:crypto';
import type {
  ExchangeCoins,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ExchangeRecord,
  Page,
  TreasuryBalances,
} from '@ex/contract';
import { accountKey, decimal, ResultCode, SYSTEM_OWNER } from '@ex/core';
import type { Clock } from '../clock.ts';
import { ASSETS } from '../engine/config.ts';
import type { EngineHost } from '../engine/host.ts';
import { formatAmount, marketUnits } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import type { MarketData } from '../market/data.ts';
import { QUOTE } from '../market/markets.ts';
import { ceilDiv, isCoin, move, mustMove, pow10, system, unitsOf, userSpot } from './money.ts';
import type { EarnDb, ExchangeRecordsTable } from './tables.ts';

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

/**
 * Flash exchange against the treasury at the market price (ADR 075): a coin for USDC or USDC for a
 * coin. The fee is kept in the received coin; amounts are bigint in the smallest unit throughout.
 */
export class ExchangeService {
  private readonly quotes = new Map<string, Quote>();
  private readonly feePpm: bigint;

  constructor(
    private readonly host: EngineHost,
    private readonly db: EarnDb,
    private readonly clock: Clock,
    private readonly market: MarketData,
    feePercent: string,
  ) {
    // Percent at 4 decimals is ppm: "0.2" -> 2000 (the config regex allows at most 4 decimals).
    this.feePpm = decimal(feePercent, 4);
  }

  coins(): ExchangeCoins {
    return { quote: QUOTE, coins: Object.keys(ASSETS).filter((c) => c !== QUOTE && this.hasMarket(c)) };
  }

  private hasMarket(coin: string): boolean {
    return marketUnits(`${coin}_${QUOTE}`) !== undefined;
  }

  /** USDC units per one whole coin: the last spot trade, else the perpetual's mark price. */
  private priceUnits(coin: string): { units: bigint; text: string } | undefined {
    const spot = marketUnits(`${coin}_${QUOTE}`);
    if (spot === undefined) return undefined;
    const last = this.market.lastTicks(spot.config.symbol);
    let text: string | undefined;
    if (last !== undefined && last > 0) text = spot.price(last);
    else {
      const perp = marketUnits(`${coin}_${QUOTE}_PERP`);
      const mark = this.host.engine.perp.state(`${coin}_${QUOTE}_PERP`)?.markPrice;
      if (perp !== undefined && mark !== undefined && mark > 0n) text = perp.price(mark);
    }
    if (text === undefined) return undefined;
    const units = decimal(text, ASSETS[QUOTE]!);
    return units > 0n ? { units, text } : undefined;
  }

  quote(userId: string, body: ExchangeQuoteRequest): ExchangeQuote {
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
    if (price === undefined) throw new AppError('EXCHANGE_UNAVAILABLE');
    const coinOne = pow10(ASSETS[coin]!);
    // Floors toward the house: the user never receives more than the market value.
    const gross = from === QUOTE ? (amount * coinOne) / price.units : (amount * price.units) / coinOne;
    const fee = ceilDiv(gross * this.feePpm, PPM);
    const receive = gross - fee;
    if (receive <= 0n)
      throw new AppError('VALIDATION', undefined, { amount: ['error.exchange_amount_invalid'] });
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

  async execute(userId: string, quoteId: string): Promise<ExchangeRecord> {
    const q = this.quotes.get(quoteId);
    // Someone else's quote is as unknown as a made-up one.
    if (q === undefined || q.userId !== userId) throw new AppError('NOT_FOUND');
    if (this.clock.now() > q.expiresAt) {
      this.quotes.delete(quoteId);
      throw new AppError('EXCHANGE_QUOTE_EXPIRED');
    }
    // Single use, taken before the first await so a double click cannot run it twice.
    this.quotes.delete(quoteId);
    const own = this.host.engine.ledger.balance(accountKey(userId, 'spot', q.from));
    if (own.available < q.amount) throw new AppError('INSUFFICIENT_BALANCE');
    const treasuryTo = this.host.engine.ledger.balance(accountKey(SYSTEM_OWNER, 'treasury', q.to));
    if (treasuryTo.available < q.receive) throw new AppError('EXCHANGE_UNAVAILABLE');
    const paid = await mustMove(
      this.host,
      'system',
      userSpot(userId, q.from),
      system('treasury', q.from),
      q.amount,
    );
    const out = await move(this.host, 'system', system('treasury', q.to), userSpot(userId, q.to), q.receive);
    if (out.code !== ResultCode.OK) {
      // The treasury ran short between the check and the payout: give the user's coins back.
      await mustMove(this.host, 'system', system('treasury', q.from), userSpot(userId, q.from), q.amount);
      throw new AppError('EXCHANGE_UNAVAILABLE');
    }
    const row: ExchangeRecordsTable = {
      id: paid.id,
      user_id: userId,
      from_coin: q.from,
      to_coin: q.to,
      amount: formatAmount(q.amount, q.from),
      receive: formatAmount(q.receive, q.to),
      price: q.price,
      fee: formatAmount(q.fee, q.to),
      created_at: String(paid.ts),
    };
    await this.db.insertInto('exchange_records').values(row).execute();
    return toRecord(row);
  }

  async history(userId: string, page: number, limit: number): Promise<Page<ExchangeRecord>> {
    const base = this.db.selectFrom('exchange_records').where('user_id', '=', userId);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toRecord), total: Number(count.n), page, limit };
  }

  treasury(): TreasuryBalances {
    return Object.keys(ASSETS).map((coin) => ({
      coin,
      available: formatAmount(
        this.host.engine.ledger.balance(accountKey(SYSTEM_OWNER, 'treasury', coin)).available,
        coin,
      ),
    }));
  }

  /** Operator: the exchange's own funds enter the treasury from outside (the chain account). */
  async fund(coin: string, amountText: string): Promise<TreasuryBalances> {
    if (!isCoin(coin)) throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
    const amount = unitsOf(amountText, ASSETS[coin]!, 'amount');
    await mustMove(this.host, 'system', system('chain', coin), system('treasury', coin), amount);
    return this.treasury();
  }
}
