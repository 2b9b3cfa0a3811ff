import type { Page, SpotOrder, SpotOrderRequest } from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { CommandDraft, SubmitOptions } from '../engine/commands.ts';
import { refusal } from '../engine/errors.ts';
import type { IdempotencyClaim, IdempotencyGate } from '../engine/idempotency.ts';
import {
  fixed,
  listOrders,
  OPEN_STATUSES,
  type OrderListQuery,
  orderCommon,
  ownOrder,
} from '../engine/orders.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb, OrdersTable } from '../engine/tables.ts';
import { assetScale, marketUnits } from '../engine/units.ts';
import {
  amountUnits,
  fieldFail,
  forbidField,
  priceTicks,
  qtyLots,
  requireField,
} from '../engine/validate.ts';
import { AppError } from '../http/errors.ts';
import { checkBand, spotProtectionTicks } from '../market/bands.ts';
import { assertTradingOpen } from '../ops/market-state.ts';

/** Market buys by quantity hold at most this far above the best ask (and trade no worse). */
const MARKET_PROTECTION_PPM = 50_000n;

/** The API's view of an order row, its fields in the order of the SpotOrder schema (ADR 213). */
export function toSpotOrder(row: OrdersTable): SpotOrder {
  const c = orderCommon(row);
  return {
    id: c.id,
    symbol: c.symbol,
    side: c.side,
    type: c.type,
    price: c.price,
    quantity: c.quantity,
    quote_amount: row.quote_amount === null ? null : fixed(row.quote_amount, 6),
    filled: c.filled,
    filled_value: fixed(row.filled_value, 6),
    avg_price: c.avg_price,
    status: c.status,
    client_order_id: row.client_order_id,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

type SpotPlaceDraft = Extract<CommandDraft, { type: 'spotPlace' }>;

/** The sequencer-side step of a spot order (engine/commands.ts): pause, band and protection. */
const SPOT_PLACE = 'spot.place';

export class SpotService {
  constructor(
    private readonly host: EnginePort,
    private readonly edb: EngineDb,
    private readonly gate: IdempotencyGate,
  ) {
    host.prepare(SPOT_PLACE, (draft, writer) =>
      draft.type === 'spotPlace' ? this.prepare(draft, writer) : draft,
    );
  }

  /**
   * Runs inside the sequencer, on the engine process: the pause, the band and the protection price
   * are read from the engine exactly as the order meets it (ADR 112, 162, 172).
   */
  private prepare(draft: Extract<CommandDraft, { type: 'spotPlace' }>, writer: EnginePort): CommandDraft {
    const m = this.spotMarket(draft.symbol);
    assertTradingOpen(writer, m.config.symbol);
    if (draft.price !== undefined) checkBand(writer, m, draft.price);
    let protectionPrice: number | undefined;
    const fromIndex = draft.orderType === 'market' ? spotProtectionTicks(writer, m, draft.side) : undefined;
    if (draft.orderType === 'market' && draft.side === 'buy' && draft.qty !== undefined) {
      const ask = writer.engine.spot.book(m.config.symbol)?.bestAsk();
      if (ask === undefined) throw new AppError('ORDER_REJECTED');
      const fromAsk = (BigInt(ask) * (1_000_000n + MARKET_PROTECTION_PPM) + 999_999n) / 1_000_000n;
      // The tighter bound wins: a book pulled away from the index cannot fill the order there.
      protectionPrice = Number(fromIndex !== undefined && fromIndex < fromAsk ? fromIndex : fromAsk);
    } else if (fromIndex !== undefined) {
      // ADR 112: a market order fills no further than the protection from the index; the book
      // cancels the rest (`protection_bound`).
      protectionPrice = Number(fromIndex);
    }
    return protectionPrice === undefined ? draft : { ...draft, protectionPrice };
  }

  private spotMarket(symbol: string) {
    const m = marketUnits(symbol);
    if (m === undefined || m.config.kind !== 'spot') throw new AppError('MARKET_NOT_FOUND');
    return m;
  }

  async place(
    userId: string,
    body: SpotOrderRequest,
    claim: IdempotencyClaim | undefined,
  ): Promise<SpotOrder> {
    const m = this.spotMarket(body.symbol);
    // An operator's pause refuses new orders only; cancels go on (ADR 162).
    assertTradingOpen(this.host, m.config.symbol);
    const quoteScale = assetScale(m.config.quote);
    const minNotional = amountUnits('min_notional', m.config.minNotional, quoteScale);
    let price: number | undefined;
    let qty: number | undefined;
    let quoteAmount: bigint | undefined;
    if (body.type === 'limit') {
      requireField('price', body.price);
      requireField('quantity', body.quantity);
      forbidField('quote_amount', body.quote_amount);
      price = priceTicks('price', body.price!, m);
      qty = qtyLots('quantity', body.quantity!, m);
      const notional = BigInt(price) * BigInt(qty) * m.scales.tickSize * m.scales.stepSize;
      // notional at priceScale+qtyScale decimals vs min_notional at the quote's decimals
      const scaleDiff = m.scales.priceScale + m.scales.qtyScale - quoteScale;
      const notionalQuote =
        scaleDiff >= 0 ? notional / 10n ** BigInt(scaleDiff) : notional * 10n ** BigInt(-scaleDiff);
      if (notionalQuote < minNotional)
        fieldFail('quantity', 'validation.min_notional', { min: m.config.minNotional });
    } else {
      forbidField('price', body.price);
      if (body.side === 'buy') {
        if ((body.quantity === undefined) === (body.quote_amount === undefined)) {
          fieldFail('quantity', 'validation.quantity_or_amount');
        }
      } else {
        requireField('quantity', body.quantity);
        forbidField('quote_amount', body.quote_amount);
      }
      if (body.quantity !== undefined) qty = qtyLots('quantity', body.quantity, m);
      if (body.quote_amount !== undefined) {
        quoteAmount = amountUnits(
          'quote_amount',
          body.quote_amount,
          quoteScale,
          minNotional,
          m.config.minNotional,
        );
      }
    }
    // Built field by field in the order the spreads gave (the journal text is the same).
    const draft: SpotPlaceDraft = {
      type: 'spotPlace',
      orderType: body.type,
      userId,
      symbol: m.config.symbol,
      side: body.side,
    };
    if (price !== undefined) draft.price = price;
    if (qty !== undefined) draft.qty = qty;
    if (quoteAmount !== undefined) draft.quoteAmount = quoteAmount;
    const options: SubmitOptions = { prepare: SPOT_PLACE };
    if (claim) options.idempotency = claim;
    if (body.client_order_id) options.clientOrderId = body.client_order_id;
    const fresh = async (): Promise<SpotOrder> => {
      const r = await this.host.submit(draft, options);
      if (r.code !== ResultCode.OK) throw refusal(r.code);
      // The row as committed with the order: no read back (issue 9 item 6).
      return r.order !== undefined ? toSpotOrder(r.order) : this.byId(userId, r.id);
    };
    // Without a key there is no repeat to wait for: straight to the writer (ADR 213).
    return claim === undefined ? fresh() : this.gate.run(claim, fresh, (ref) => this.byId(userId, ref));
  }

  async byId(userId: string, id: string): Promise<SpotOrder> {
    return toSpotOrder(await ownOrder(this.edb, userId, id, 'spot'));
  }

  async cancel(userId: string, id: string): Promise<SpotOrder> {
    const order = await this.byId(userId, id);
    if (!OPEN_STATUSES.includes(order.status)) throw new AppError('ORDER_NOT_FOUND');
    const r = await this.host.submit({
      type: 'spotCancel',
      symbol: order.symbol,
      orderId: id,
      userId,
    });
    if (r.code !== ResultCode.OK) throw refusal(r.code);
    return this.byId(userId, id);
  }

  async cancelAll(userId: string, symbol: string | undefined): Promise<{ cancelled: number }> {
    if (symbol !== undefined) this.spotMarket(symbol);
    let q = this.edb
      .selectFrom('orders')
      .select('market')
      .distinct()
      .where('user_id', '=', userId)
      .where('kind', '=', 'spot')
      .where('status', 'in', OPEN_STATUSES);
    if (symbol !== undefined) q = q.where('market', '=', symbol);
    const markets = (await q.execute()).map((r) => r.market);
    const results = await Promise.all(
      markets.map((market) => this.host.submit({ type: 'spotCancelAll', symbol: market, userId })),
    );
    return {
      cancelled: results.reduce((n, r) => n + r.events.filter((e) => e.type === 'spot.cancelled').length, 0),
    };
  }

  list(userId: string, q: OrderListQuery): Promise<Page<SpotOrder>> {
    return listOrders(this.edb, userId, 'spot', q, toSpotOrder);
  }
}
