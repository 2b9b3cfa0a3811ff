import type {
  ContractCloseAllItem,
  ContractCloseAllResponse,
  ContractOrder,
  ContractOrderRequest,
  Funding,
  Page,
  Position,
  PositionMode,
  PositionModeResponse,
} from '@ex/contract';
import {
  type Position as CorePosition,
  formatDecimal,
  fundingRate,
  initialMargin,
  type MarginMode,
  ResultCode,
} from '@ex/core';
import { type Lang, translateServer } from '@ex/i18n';
import type { CommandDraft } from '../engine/commands.ts';
import { QUOTE } from '../engine/config.ts';
import { refusal } from '../engine/errors.ts';
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
import { assetScale, marketUnits, mustMarket } from '../engine/units.ts';
import {
  amountUnits,
  fieldFail,
  forbidField,
  priceTicks,
  qtyLots,
  requireField,
} from '../engine/validate.ts';
import { indexHealthOf } from '../feed/health.ts';
import { AppError } from '../http/errors.ts';
import { checkBand } from '../market/bands.ts';
import { liveLeverages } from '../ops/market-params.ts';
import { assertTradingOpen } from '../ops/market-state.ts';

/** An engine refusal as its API error; a code the API does not map is a generic rejection. */
function refusalOrRejected(code: number): AppError {
  try {
    return refusal(code);
  } catch {
    return new AppError('ORDER_REJECTED');
  }
}

const usdc = (v: bigint) => formatDecimal(v, assetScale(QUOTE));
const pct = (ppm: bigint) => formatDecimal(ppm / 100n, 2);

export function toContractOrder(row: OrdersTable): ContractOrder {
  const m = mustMarket(row.market);
  const conditional = row.trigger_price !== null && row.trigger_price !== undefined;
  return {
    ...orderCommon(row),
    type: row.type as ContractOrder['type'],
    action: row.action as ContractOrder['action'],
    margin_mode: (row.margin_mode ?? 'cross') as MarginMode,
    leverage: row.leverage ?? 1,
    time_in_force: (row.tif ?? null) as ContractOrder['time_in_force'],
    stp: (row.stp ?? null) as ContractOrder['stp'],
    trigger_price: conditional ? fixed(row.trigger_price!, m.scales.priceScale) : null,
    trigger_by: (row.trigger_by ?? null) as ContractOrder['trigger_by'],
    callback_rate:
      row.callback_rate === null || row.callback_rate === undefined ? null : fixed(row.callback_rate, 2),
    triggered: !conditional || (row.triggered_at ?? null) !== null,
    origin: (row.origin ?? 'user') as ContractOrder['origin'],
    fee: fixed(row.fee ?? '0', USDC_SCALE),
    realized_pnl: fixed(row.realised_pnl ?? '0', USDC_SCALE),
  };
}

const USDC_SCALE = 6;
const CONDITIONAL = new Set(['stop_limit', 'stop_market', 'trailing_stop']);

/** Position ids are `SYMBOL:mode:side`, one per user, market, margin mode and side (hedge mode). */
export function parsePositionId(id: string): { symbol: string; mode: MarginMode; side: 'long' | 'short' } {
  const m = /^([A-Z0-9_]+_PERP):(cross|isolated):(long|short)$/.exec(id);
  if (m === null || marketUnits(m[1]!) === undefined) throw new AppError('POSITION_NOT_FOUND');
  return { symbol: m[1]!, mode: m[2] as MarginMode, side: m[3] as 'long' | 'short' };
}

/** The sequencer-side step of a contract order (engine/commands.ts). */
const CONTRACT_PLACE = 'contract.place';
/** The sequencer-side step of an amend: the new price meets the band as the engine has it. */
const CONTRACT_AMEND = 'contract.amend';

export class ContractService {
  constructor(
    private readonly host: EnginePort,
    private readonly edb: EngineDb,
  ) {
    host.prepare(CONTRACT_PLACE, (draft, writer) => this.prepare(draft, writer));
    host.prepare(CONTRACT_AMEND, (draft, writer) => {
      if (draft.type === 'contractAmend' && draft.price !== undefined)
        checkBand(writer, this.perpMarket(draft.symbol), draft.price);
      return draft;
    });
  }

  private perpMarket(symbol: string) {
    const m = marketUnits(symbol);
    if (m === undefined || m.config.kind !== 'perp') throw new AppError('MARKET_NOT_FOUND');
    return m;
  }

  /**
   * Runs inside the sequencer, on the engine process: the index the order meets (ADR 112). Market
   * orders are bounded by the core's protection from the mark (the market's marketProtectionPpm).
   * No order meets a frozen mark: with a stale index the market is paused (ADR 153). An operator's
   * pause refuses opening orders; closing ones go on (ADR 162).
   */
  private prepare(draft: CommandDraft, writer: EnginePort): CommandDraft {
    if (draft.type !== 'contractPlace' && draft.type !== 'contractConditional') return draft;
    const m = this.perpMarket(draft.symbol);
    if (draft.action === 'open_long' || draft.action === 'open_short')
      assertTradingOpen(writer, m.config.symbol);
    indexHealthOf(writer).mustBeFresh(m.config.symbol);
    if (draft.price !== undefined) checkBand(writer, m, draft.price);
    // A stop-limit meets the band again when it fires (ADR 181): the engine gets the market's band.
    if (draft.type === 'contractConditional' && draft.orderType === 'limit')
      return { ...draft, bandPpm: Number(m.config.priceBandPpm) };
    return draft;
  }

  private async run(cmd: CommandDraft, prepare?: string) {
    const r = await this.host.submit(cmd, prepare === undefined ? {} : { prepare });
    if (r.code !== ResultCode.OK) throw refusal(r.code);
    return r;
  }

  async place(userId: string, body: ContractOrderRequest): Promise<ContractOrder> {
    const m = this.perpMarket(body.symbol);
    // An operator's pause refuses new orders only; cancels and position closes go on (ADR 162).
    assertTradingOpen(this.host, m.config.symbol);
    // The engine's live list: an operator may have changed it (ADR 154).
    const leverages = liveLeverages(this.host.engine, m.config.symbol);
    if (!leverages.includes(body.leverage))
      fieldFail('leverage', 'validation.invalid_option', { values: leverages.join(', ') });
    let price: number | undefined;
    const limit = body.type === 'limit' || body.type === 'stop_limit';
    if (limit) {
      requireField('price', body.price);
      price = priceTicks('price', body.price!, m);
    } else forbidField('price', body.price);
    const qty = qtyLots('quantity', body.quantity, m);
    const opening = body.action === 'open_long' || body.action === 'open_short';
    const conditional = CONDITIONAL.has(body.type);
    if (!opening || conditional) {
      forbidField('tp_price', body.tp_price);
      forbidField('sl_price', body.sl_price);
    }
    // Market-like orders never rest: GTC and post-only make no sense for them.
    if (!limit && (body.time_in_force === 'GTC' || body.time_in_force === 'POST_ONLY'))
      fieldFail('time_in_force', 'validation.invalid_option', { values: 'IOC, FOK' });
    const tif = body.time_in_force;
    const stp = body.stp;
    let trigger: { triggerPrice?: number; trailingPpm?: number } = {};
    if (body.type === 'trailing_stop') {
      forbidField('trigger_price', body.trigger_price);
      requireField('callback_rate', body.callback_rate);
      const hundredths = amountUnits('callback_rate', body.callback_rate!, 2);
      if (hundredths < 10n || hundredths > 1000n)
        fieldFail('callback_rate', 'validation.invalid_option', { values: '0.1 - 10' });
      trigger = { trailingPpm: Number(hundredths * 100n) };
    } else if (conditional) {
      requireField('trigger_price', body.trigger_price);
      trigger = { triggerPrice: priceTicks('trigger_price', body.trigger_price!, m) };
    } else {
      forbidField('trigger_price', body.trigger_price);
      forbidField('trigger_by', body.trigger_by);
      forbidField('callback_rate', body.callback_rate);
    }
    const tp = body.tp_price === undefined ? 0n : BigInt(priceTicks('tp_price', body.tp_price, m));
    const sl = body.sl_price === undefined ? 0n : BigInt(priceTicks('sl_price', body.sl_price, m));
    if (opening && this.host.engine.perp.leverageOf(userId, m.config.symbol) !== body.leverage) {
      await this.run({
        type: 'setLeverage',

        userId,
        symbol: m.config.symbol,
        leverage: body.leverage,
      });
    }
    if (conditional) {
      const r = await this.run(
        {
          type: 'contractConditional',
          userId,
          symbol: m.config.symbol,
          action: body.action,
          orderType: limit ? 'limit' : 'market',
          mode: body.margin_mode,
          ...(price !== undefined ? { price } : {}),
          qty,
          ...(tif !== undefined ? { tif } : {}),
          ...(stp !== undefined ? { stp } : {}),
          ...trigger,
          triggerBy: body.trigger_by ?? 'mark',
        },
        CONTRACT_PLACE,
      );
      return this.withLiveTrigger(await this.orderById(userId, r.id));
    }
    const r = await this.run(
      {
        type: 'contractPlace',
        userId,
        symbol: m.config.symbol,
        action: body.action,
        orderType: body.type as 'limit' | 'market',
        mode: body.margin_mode,
        ...(price !== undefined ? { price } : {}),
        qty,
        ...(tif !== undefined ? { tif } : {}),
        ...(stp !== undefined ? { stp } : {}),
        // The engine keeps TP/SL on the order and hands them to the position when it fills, also
        // after resting (set here afterwards, they were dropped when the order rested).
        ...(tp > 0n ? { tp } : {}),
        ...(sl > 0n ? { sl } : {}),
      },
      CONTRACT_PLACE,
    );
    return this.orderById(userId, r.id);
  }

  /** A waiting trailing stop's trigger moves with the price: shown as the engine has it now. */
  private withLiveTrigger(o: ContractOrder): ContractOrder {
    if (o.triggered || o.trigger_price === null) return o;
    const t = this.host.engine.perp.trigger(o.id);
    if (t === undefined) return o;
    return { ...o, trigger_price: mustMarket(o.symbol).price(t.triggerPrice) };
  }

  /**
   * Changes an own open order's price and/or open quantity, or a waiting conditional order's
   * trigger (ADR 138). Another user's order is not found (404); a price outside the band is refused
   * by the preparer as the engine meets it.
   */
  async amend(
    userId: string,
    id: string,
    body: { price?: string | undefined; quantity?: string | undefined; trigger_price?: string | undefined },
  ): Promise<ContractOrder> {
    const order = await this.orderById(userId, id);
    if (!OPEN_STATUSES.includes(order.status)) throw new AppError('ORDER_NOT_FOUND');
    const m = mustMarket(order.symbol);
    if (body.price === undefined && body.quantity === undefined && body.trigger_price === undefined)
      requireField('price', body.price);
    await this.run(
      {
        type: 'contractAmend',
        symbol: order.symbol,
        orderId: id,
        userId,
        ...(body.price !== undefined ? { price: priceTicks('price', body.price, m) } : {}),
        ...(body.quantity !== undefined ? { qty: qtyLots('quantity', body.quantity, m) } : {}),
        ...(body.trigger_price !== undefined
          ? { triggerPrice: priceTicks('trigger_price', body.trigger_price, m) }
          : {}),
      },
      CONTRACT_AMEND,
    );
    return this.withLiveTrigger(await this.orderById(userId, id));
  }

  /** Cancels all own open contract orders (resting and conditional), in one market or all. */
  async cancelAll(userId: string, body: { symbol?: string | undefined }): Promise<{ cancelled: number }> {
    if (body.symbol !== undefined) this.perpMarket(body.symbol);
    const r = await this.run({
      type: 'contractCancelAll',
      userId,
      ...(body.symbol !== undefined ? { symbol: body.symbol } : {}),
    });
    return { cancelled: r.events.filter((e) => e.type === 'perp.cancelled').length };
  }

  async orderById(userId: string, id: string): Promise<ContractOrder> {
    return toContractOrder(await ownOrder(this.edb, userId, id, 'perp'));
  }

  async cancel(userId: string, id: string): Promise<ContractOrder> {
    const order = await this.orderById(userId, id);
    if (!OPEN_STATUSES.includes(order.status)) throw new AppError('ORDER_NOT_FOUND');
    await this.run({ type: 'contractCancel', symbol: order.symbol, orderId: id, userId });
    return this.orderById(userId, id);
  }

  async orders(userId: string, q: OrderListQuery): Promise<Page<ContractOrder>> {
    const page = await listOrders(this.edb, userId, 'perp', q, toContractOrder);
    return q.status === 'open' ? { ...page, list: page.list.map((o) => this.withLiveTrigger(o)) } : page;
  }

  private toPosition(p: CorePosition): Position {
    const perp = this.host.engine.perp;
    const m = mustMarket(p.symbol);
    const v = perp.view(p);
    return {
      id: `${p.symbol}:${p.mode}:${p.side}`,
      symbol: p.symbol,
      side: p.side,
      margin_mode: p.mode,
      leverage: p.leverage,
      size: m.qty(p.size),
      entry_price: m.price(v.entryPrice),
      mark_price: m.price(v.markPrice),
      liquidation_price: v.liquidationPrice > 0n ? m.price(v.liquidationPrice) : null,
      // An isolated position's own margin; a cross one's initial margin at the mark, by the engine's
      // own function (rounded up), so it is the figure the engine's checks and the balances API's
      // position_margin use (a plain division cut it down by up to a unit).
      margin: usdc(p.mode === 'isolated' ? p.margin : initialMargin(v.notional, p.leverage)),
      notional: usdc(v.notional),
      unrealized_pnl: usdc(v.unrealisedPnl),
      pnl_rate: pct(v.pnlRatePpm),
      margin_rate: pct(v.marginRatePpm),
      realized_pnl: usdc(p.realisedPnl),
      fees: usdc(p.fees),
      funding: usdc(p.funding),
      tp_price: p.tp > 0n ? m.price(p.tp) : null,
      sl_price: p.sl > 0n ? m.price(p.sl) : null,
      tpsl_by: p.tpslBy,
      adl_lights: perp.adlLights(p),
      opened_at: p.openTs,
    };
  }

  positions(userId: string): Position[] {
    return this.host.engine.perp.positionsOf(userId).map((p) => this.toPosition(p));
  }

  private own(userId: string, id: string): CorePosition {
    const { symbol, mode, side } = parsePositionId(id);
    const p = this.host.engine.perp.position(userId, symbol, mode, side);
    if (p === undefined) throw new AppError('POSITION_NOT_FOUND');
    return p;
  }

  private after(userId: string, id: string): Position {
    const { symbol, mode, side } = parsePositionId(id);
    const p = this.host.engine.perp.position(userId, symbol, mode, side);
    if (p === undefined) throw new AppError('POSITION_NOT_FOUND');
    return this.toPosition(p);
  }

  async margin(
    userId: string,
    id: string,
    body: { action: 'add' | 'reduce'; amount: string },
  ): Promise<Position> {
    const p = this.own(userId, id);
    if (p.mode !== 'isolated') throw new AppError('POSITION_NOT_FOUND');
    const amount = amountUnits('amount', body.amount, assetScale(QUOTE));
    await this.run({
      type: 'adjustMargin',
      userId,
      symbol: p.symbol,
      side: p.side,
      amount: body.action === 'add' ? amount : -amount,
    });
    return this.after(userId, id);
  }

  async tpsl(
    userId: string,
    id: string,
    body: {
      tp_price?: string | null | undefined;
      sl_price?: string | null | undefined;
      trigger_by?: 'mark' | 'last' | undefined;
      quantity?: string | undefined;
    },
  ) {
    const p = this.own(userId, id);
    const m = mustMarket(p.symbol);
    // ADR 267: a price left out keeps the position's, null clears it, a price sets it.
    const ticks = (field: 'tp_price' | 'sl_price', v: string | null | undefined) =>
      v === undefined ? undefined : v === null ? 0n : BigInt(priceTicks(field, v, m));
    const tpGiven = ticks('tp_price', body.tp_price);
    const slGiven = ticks('sl_price', body.sl_price);
    if (body.quantity !== undefined) {
      // A partial TP/SL: conditional market closes of that quantity, one per price (ADR 136).
      const tp = tpGiven ?? 0n;
      const sl = slGiven ?? 0n;
      const by = body.trigger_by ?? 'mark';
      const qty = qtyLots('quantity', body.quantity, m);
      if (tp === 0n && sl === 0n) requireField('tp_price', body.tp_price ?? undefined);
      const st = this.host.engine.perp.state(p.symbol)!;
      const ref = by === 'mark' ? st.markPrice : st.lastTradePrice;
      // The TP on the profit side of the price, the SL on the loss side, else it would fire at once.
      if (ref > 0n) {
        const long = p.side === 'long';
        if (tp > 0n && (long ? tp <= ref : tp >= ref)) throw new AppError('TPSL_INVALID');
        if (sl > 0n && (long ? sl >= ref : sl <= ref)) throw new AppError('TPSL_INVALID');
      }
      for (const price of [tp, sl]) {
        if (price === 0n) continue;
        await this.run(
          {
            type: 'contractConditional',
            userId,
            symbol: p.symbol,
            action: p.side === 'long' ? 'close_long' : 'close_short',
            orderType: 'market',
            mode: p.mode,
            qty,
            triggerPrice: Number(price),
            triggerBy: by,
          },
          CONTRACT_PLACE,
        );
      }
      return this.after(userId, id);
    }
    await this.run({
      type: 'setTpsl',

      userId,
      symbol: p.symbol,
      mode: p.mode,
      side: p.side,
      ...(tpGiven === undefined ? {} : { tp: tpGiven }),
      ...(slGiven === undefined ? {} : { sl: slGiven }),
      ...(body.trigger_by === undefined ? {} : { tpslBy: body.trigger_by }),
    });
    return this.after(userId, id);
  }

  async close(
    userId: string,
    id: string,
    body: {
      type?: 'limit' | 'market' | undefined;
      price?: string | undefined;
      quantity?: string | undefined;
    },
  ): Promise<ContractOrder> {
    const p = this.own(userId, id);
    const m = mustMarket(p.symbol);
    const type = body.type ?? 'market';
    if (type === 'market' && body.quantity === undefined) {
      forbidField('price', body.price);
      const r = await this.run({
        type: 'closePosition',
        userId,
        symbol: p.symbol,
        mode: p.mode,
        side: p.side,
      });
      return this.orderById(userId, r.id);
    }
    if (type === 'limit') requireField('price', body.price);
    else forbidField('price', body.price);
    const price = body.price === undefined ? undefined : priceTicks('price', body.price, m);
    const qty = body.quantity === undefined ? Number(p.size) : qtyLots('quantity', body.quantity, m);
    const r = await this.run(
      {
        type: 'contractPlace',
        userId,
        symbol: p.symbol,
        action: p.side === 'long' ? 'close_long' : 'close_short',
        orderType: type,
        mode: p.mode,
        ...(price !== undefined ? { price } : {}),
        qty,
      },
      CONTRACT_PLACE,
    );
    return this.orderById(userId, r.id);
  }

  /**
   * Close-all (ADR 196): each own position (of one market, or all), in id order, gets the same
   * market close as `close()` (a `closePosition` command: its close orders cancelled, the core's
   * protection from the mark). One command per position, not one for all: a close that is refused
   * or meets too little within the protection leaves that position (or its rest) open and the next
   * one is still closed. A position already gone (closed by a racing request, a TP/SL or a
   * liquidation) is left out, so a repeat closes nothing and changes nothing.
   */
  async closeAll(
    userId: string,
    body: { symbol?: string | undefined },
    lang: Lang,
  ): Promise<ContractCloseAllResponse> {
    if (body.symbol !== undefined) this.perpMarket(body.symbol);
    const perp = this.host.engine.perp;
    const mine = perp
      .positionsOf(userId)
      .filter((p) => body.symbol === undefined || p.symbol === body.symbol)
      .map((p) => ({ id: `${p.symbol}:${p.mode}:${p.side}`, p }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const items: ContractCloseAllItem[] = [];
    for (const { id, p } of mine) {
      const m = mustMarket(p.symbol);
      const before = perp.position(userId, p.symbol, p.mode, p.side)?.size ?? 0n;
      if (before === 0n) continue;
      const r = await this.host.submit({
        type: 'closePosition',
        userId,
        symbol: p.symbol,
        mode: p.mode,
        side: p.side,
      });
      if (r.code === ResultCode.PERP_NO_POSITION) continue;
      const base = {
        position_id: id,
        symbol: p.symbol,
        side: p.side,
        margin_mode: p.mode,
        size: m.qty(before),
      };
      if (r.code !== ResultCode.OK) {
        const e = refusalOrRejected(r.code);
        items.push({
          ...base,
          closed_quantity: m.qty(0n),
          order_id: null,
          status: 'not_closed',
          code: e.code,
          message: translateServer(lang, e.key),
        });
        continue;
      }
      const left = perp.position(userId, p.symbol, p.mode, p.side)?.size ?? 0n;
      const closed = before - left;
      const unfilled = left > 0n ? new AppError('CLOSE_ALL_UNFILLED') : undefined;
      items.push({
        ...base,
        closed_quantity: m.qty(closed > 0n ? closed : 0n),
        order_id: r.id ?? null,
        status: left === 0n ? 'closed' : closed > 0n ? 'partly_closed' : 'not_closed',
        code: unfilled?.code ?? null,
        message: unfilled === undefined ? null : translateServer(lang, unfilled.key),
      });
    }
    const closed = items.filter((i) => i.status === 'closed').length;
    return { closed, not_closed: items.length - closed, positions: items };
  }

  async leverage(userId: string, body: { symbol: string; leverage: number; margin_mode: MarginMode }) {
    const m = this.perpMarket(body.symbol);
    if (!liveLeverages(this.host.engine, m.config.symbol).includes(body.leverage))
      throw new AppError('LEVERAGE_NOT_ALLOWED');
    if (this.host.engine.perp.leverageOf(userId, body.symbol) !== body.leverage) {
      await this.run({
        type: 'setLeverage',

        userId,
        symbol: body.symbol,
        leverage: body.leverage,
      });
    }
    return { symbol: body.symbol, leverage: body.leverage, margin_mode: body.margin_mode };
  }

  /** The user's position mode (ADR 180) and whether it can change now. */
  positionMode(userId: string): PositionModeResponse {
    const perp = this.host.engine.perp;
    const busy =
      perp.positionsOf(userId).length > 0 ||
      perp.ordersOf(userId).length > 0 ||
      perp.triggersOf(userId).length > 0;
    return { mode: perp.positionModeOf(userId), can_change: !busy };
  }

  /**
   * Hedge or one-way mode for all of the user's contract markets. The engine refuses the change
   * (POSITION_MODE_BUSY) while the user has a position, an open order or a waiting stop; the same
   * mode again changes nothing and is not journaled.
   */
  async setPositionMode(userId: string, body: { mode: PositionMode }): Promise<PositionModeResponse> {
    if (this.host.engine.perp.positionModeOf(userId) !== body.mode)
      await this.run({ type: 'setPositionMode', userId, mode: body.mode });
    return this.positionMode(userId);
  }

  funding(symbol: string, now: number): Funding {
    const m = this.perpMarket(symbol);
    const s = this.host.engine.perp.state(symbol)!;
    const pm = this.host.engine.perp.markets.get(symbol)!;
    // The rate the coming settlement applies (like Binance's premiumIndex): from the premium sampled
    // so far in this interval (ADR 152). Before the interval's first sample it is estimated from the
    // premium of the book now (what the next sample takes); with no index yet it is unknown (null,
    // shown as "—"), not the 0 of a settlement that never happened (ADR 156).
    const premium =
      s.premiumCount > 0n
        ? s.premiumSumPpm / s.premiumCount
        : s.indexPrice > 0n
          ? this.host.engine.perp.fundingPremiumNowPpm(symbol, s.indexPrice)
          : null;
    const rate =
      premium === null ? null : fundingRate(premium, pm.interestPpm, pm.premiumBandPpm, pm.fundingCapPpm);
    // Before the first index the engine has not set the next settlement: it is the next interval end.
    const next =
      s.nextFundingTs > 0
        ? s.nextFundingTs
        : (Math.floor(now / pm.fundingIntervalMs) + 1) * pm.fundingIntervalMs;
    return {
      rate: rate === null ? null : formatDecimal(rate, 6),
      next_funding_time: next,
      mark_price: m.price(s.markPrice),
      index_price: m.price(s.indexPrice),
      index_stale: indexHealthOf(this.host).staleSymbol(symbol),
    };
  }
}
