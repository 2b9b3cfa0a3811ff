import type {
  AdminOtcOrder,
  AdminOtcOrderQuery,
  OtcAd,
  OtcAdCreate,
  OtcOrder,
  OtcOrderRequest,
  OtcReview,
  Page,
} from '@ex/contract';
import { decimal, formatDecimal } from '@ex/core';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { ASSETS } from '../engine/config.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { failpoint } from '../exchange/failpoints.ts';
import { ceilDiv, isCoin, pow10, RowMoves, unitsOf, userSpot } from '../exchange/money.ts';
import type { EarnDb, OtcAdsTable, OtcOrdersTable } from '../exchange/tables.ts';
import { type Treasuries, treasuryAccount } from '../exchange/treasury.ts';
import { AppError } from '../http/errors.ts';

const FIAT_SCALE = 2;
type AdRow = OtcAdsTable & { id: string };
type OrderRow = Selectable<OtcOrdersTable>;
/** The OTC desk's coins: its own purpose of the treasury (ADR 113). */
const inventory = (coin: string) => treasuryAccount('otc', coin);

const methodsOf = (r: AdRow): string[] =>
  typeof r.payment_methods === 'string' ? (JSON.parse(r.payment_methods) as string[]) : r.payment_methods;

function toOrder(r: OrderRow): OtcOrder {
  return {
    id: r.id,
    ad_id: r.ad_id,
    side: r.side,
    coin: r.coin,
    fiat: r.fiat,
    quantity: r.quantity,
    price: r.price,
    total: r.total,
    payment_method: r.payment_method,
    remarks: r.remarks,
    bank: r.bank,
    phone: r.phone,
    broker_contact: null,
    // Lists never show a `pending` row (its money has not moved yet, ADR 114).
    status: r.status as OtcOrder['status'],
    reason: r.reason,
    created_at: Number(r.created_at),
    reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
  };
}

/**
 * The OTC desk (ADR 076). A sell order moves the user's coins into the OTC inventory at once (they
 * are out of the user's reach while under review) and back on rejection; a buy order is paid in
 * fiat to the broker and the coins leave the inventory when the operator completes it. Rows are
 * written before their money moves and every move has an idempotency key (ADR 114): a crash in
 * between leaves a row that recover() (or the operator's retry) completes exactly once.
 */
export class OtcService {
  private readonly moves: RowMoves;

  constructor(
    host: EnginePort,
    private readonly db: EarnDb,
    edb: EngineDb,
    private readonly clock: Clock,
    private readonly treasuries: Treasuries,
  ) {
    this.moves = new RowMoves(host, edb, 'otc', 'system');
  }

  private async adRows(onlyActive: boolean): Promise<AdRow[]> {
    let q = this.db.selectFrom('otc_ads').selectAll();
    if (onlyActive) q = q.where('active', '=', true);
    return (await q.orderBy('id').execute()) as AdRow[];
  }

  private async toAds(rows: AdRow[]): Promise<OtcAd[]> {
    const orders = await this.db
      .selectFrom('otc_orders')
      .select(['ad_id', 'status', 'quantity', 'coin'])
      .execute();
    return rows.map((r) => {
      const mine = orders.filter((o) => o.ad_id === r.id);
      const done = mine.filter((o) => o.status === 'completed');
      const reviewed = done.length + mine.filter((o) => o.status === 'rejected').length;
      const scale = ASSETS[r.coin] ?? 8;
      const amount = done.reduce((s, o) => s + decimal(o.quantity, scale), 0n);
      // Percent with two decimals, exact: completed * 10000 / reviewed hundredths.
      const rate = reviewed === 0 ? 10_000n : (BigInt(done.length) * 10_000n) / BigInt(reviewed);
      return {
        id: r.id,
        side: r.side,
        coin: r.coin,
        fiat: r.fiat,
        price: r.price,
        min: r.min,
        max: r.max,
        payment_methods: methodsOf(r),
        broker_contact: r.side === 'buy' ? r.broker_contact : null,
        active: r.active,
        stats: {
          order_count: mine.length,
          success_rate: formatDecimal(rate, 2),
          amount: formatDecimal(amount, scale),
        },
      };
    });
  }

  async ads(onlyActive: boolean): Promise<OtcAd[]> {
    return this.toAds(await this.adRows(onlyActive));
  }

  async createAd(body: OtcAdCreate): Promise<OtcAd> {
    if (!isCoin(body.coin))
      throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
    const scale = ASSETS[body.coin]!;
    const min = unitsOf(body.min, scale, 'min');
    const max = unitsOf(body.max, scale, 'max');
    if (max < min) throw new AppError('VALIDATION', undefined, { max: ['error.quantity_out_of_range'] });
    if (body.side === 'buy' && !body.broker_contact) {
      throw new AppError('VALIDATION', undefined, { broker_contact: ['validation.required'] });
    }
    const row = await this.db
      .insertInto('otc_ads')
      .values({
        side: body.side,
        coin: body.coin,
        fiat: body.fiat,
        price: formatDecimal(decimal(body.price, FIAT_SCALE), FIAT_SCALE),
        min: formatDecimal(min, scale),
        max: formatDecimal(max, scale),
        payment_methods: JSON.stringify(body.payment_methods),
        broker_contact: body.broker_contact ?? null,
        active: body.active,
        created_at: String(this.clock.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await this.toAds([row as AdRow]))[0]!;
  }

  async setActive(id: string, active: boolean): Promise<OtcAd> {
    const row = await this.db
      .updateTable('otc_ads')
      .set({ active })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return (await this.toAds([row as AdRow]))[0]!;
  }

  async place(userId: string, body: OtcOrderRequest): Promise<OtcOrder> {
    const ad = (await this.db
      .selectFrom('otc_ads')
      .selectAll()
      .where('id', '=', body.ad_id)
      .executeTakeFirst()) as AdRow | undefined;
    if (!ad?.active) throw new AppError('NOT_FOUND');
    const scale = ASSETS[ad.coin]!;
    const qty = unitsOf(body.quantity, scale, 'quantity');
    if (qty < decimal(ad.min, scale) || qty > decimal(ad.max, scale))
      throw new AppError('QUANTITY_OUT_OF_RANGE');
    if (!methodsOf(ad).includes(body.payment_method)) {
      throw new AppError('VALIDATION', undefined, { payment_method: ['validation.invalid_format'] });
    }
    if (ad.side === 'sell') {
      const missing: Record<string, string[]> = {};
      if (!body.bank) missing.bank = ['validation.required'];
      if (!body.phone) missing.phone = ['validation.required'];
      if (Object.keys(missing).length > 0) throw new AppError('VALIDATION', undefined, missing);
    }
    const price = decimal(ad.price, FIAT_SCALE);
    const raw = qty * price;
    // The user pays rounded up and receives rounded down: never a cent in the user's favour by rounding.
    const total = ad.side === 'buy' ? ceilDiv(raw, pow10(scale)) : raw / pow10(scale);
    return this.moves.serial(async () => {
      // A sell's row is `pending` until the user's coins are in the inventory (ADR 114).
      const row = (await this.db
        .insertInto('otc_orders')
        .values({
          user_id: userId,
          ad_id: ad.id,
          side: ad.side,
          coin: ad.coin,
          fiat: ad.fiat,
          quantity: formatDecimal(qty, scale),
          price: ad.price,
          total: formatDecimal(total, FIAT_SCALE),
          payment_method: body.payment_method,
          remarks: body.remarks ?? '',
          bank: body.bank ?? '',
          phone: body.phone ?? '',
          status: ad.side === 'sell' ? 'pending' : 'review',
          reason: null,
          created_at: String(this.clock.now()),
          reviewed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as OrderRow;
      if (ad.side === 'sell') {
        await this.moves.moveOrUndo(row, 'in', userSpot(userId, ad.coin), inventory(ad.coin), qty, () =>
          this.drop(row),
        );
        await this.toReview(row);
        row.status = 'review';
      }
      return { ...toOrder(row), broker_contact: ad.side === 'buy' ? ad.broker_contact : null };
    });
  }

  /** A sell whose coins are in the inventory (its `in` step): the row to `review`. */
  private async toReview(row: OrderRow): Promise<void> {
    failpoint('otc.after-in');
    await this.db
      .updateTable('otc_orders')
      .set({ status: 'review' })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
  }

  private drop(row: OrderRow) {
    return this.db.deleteFrom('otc_orders').where('id', '=', row.id).execute();
  }

  private async withContact(rows: OrderRow[]): Promise<OtcOrder[]> {
    const ads = await this.adRows(false);
    return rows.map((r) => {
      const ad = ads.find((a) => a.id === r.ad_id);
      return { ...toOrder(r), broker_contact: r.side === 'buy' ? (ad?.broker_contact ?? null) : null };
    });
  }

  async orders(userId: string, page: number, limit: number): Promise<Page<OtcOrder>> {
    const { rows, total } = await fetchPage(
      this.listed().where('user_id', '=', userId),
      { page, limit },
      (b) => b.selectAll().orderBy('id', 'desc'),
    );
    return { list: await this.withContact(rows as OrderRow[]), total, page, limit };
  }

  /** Orders a list may show: never a `pending` row (ADR 114). */
  private listed() {
    return this.db.selectFrom('otc_orders').where('status', '!=', 'pending');
  }

  async order(userId: string, id: string): Promise<OtcOrder> {
    const row = await this.db
      .selectFrom('otc_orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return (await this.withContact([row as OrderRow]))[0]!;
  }

  async adminOrders(q: AdminOtcOrderQuery): Promise<Page<AdminOtcOrder>> {
    const base = this.listed();
    const { rows, total } = await fetchPage(q.status ? base.where('status', '=', q.status) : base, q, (b) =>
      b.selectAll().orderBy('id', 'desc'),
    );
    const list = await this.withContact(rows as OrderRow[]);
    return {
      list: list.map((o, i) => ({ ...o, user_id: (rows[i] as OrderRow).user_id })),
      total,
      page: q.page,
      limit: q.limit,
    };
  }

  /**
   * Complete or reject once (ADR 076). The decision is written first (`pending_action`), then its
   * money moves once by key, then the status (ADR 114): a crash anywhere leaves a row that a retry
   * of the same decision or recover() finishes; a different decision is ALREADY_PROCESSED.
   */
  review(id: string, body: OtcReview): Promise<AdminOtcOrder> {
    return this.moves.serial(async () => {
      const row = (await this.db
        .selectFrom('otc_orders')
        .selectAll()
        .where('id', '=', id)
        .where('status', '!=', 'pending')
        .executeTakeFirst()) as OrderRow | undefined;
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'review') throw new AppError('ALREADY_PROCESSED');
      if (row.pending_action !== null && row.pending_action !== body.action) {
        throw new AppError('ALREADY_PROCESSED');
      }
      if (row.pending_action === null) {
        await this.db
          .updateTable('otc_orders')
          .set({
            pending_action: body.action,
            reason: body.action === 'reject' ? (body.reason ?? '') : null,
          })
          .where('id', '=', id)
          .where('status', '=', 'review')
          .execute();
        row.pending_action = body.action;
        row.reason = body.action === 'reject' ? (body.reason ?? '') : null;
      }
      const updated = await this.finish(row);
      const [o] = await this.withContact([updated]);
      return { ...o!, user_id: updated.user_id };
    });
  }

  /** Moves the decided coins once (inventory -> user), then writes the status. */
  private async finish(row: OrderRow): Promise<OrderRow> {
    const action = row.pending_action!;
    const qty = decimal(row.quantity, ASSETS[row.coin]!);
    const pays =
      (action === 'complete' && row.side === 'buy') || (action === 'reject' && row.side === 'sell');
    if (pays) {
      // If the inventory is short, the decision is undone so the operator can fund and retry.
      await this.moves.moveOrUndo(row, 'out', inventory(row.coin), userSpot(row.user_id, row.coin), qty, () =>
        this.db.updateTable('otc_orders').set({ pending_action: null }).where('id', '=', row.id).execute(),
      );
      this.treasuries.check('otc', row.coin);
    }
    failpoint('otc.before-row');
    return (await this.db
      .updateTable('otc_orders')
      .set({
        status: action === 'complete' ? 'completed' : 'rejected',
        pending_action: null,
        reviewed_at: String(this.clock.now()),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as OrderRow;
  }

  /**
   * After a crash: a `pending` sell whose coins moved goes to review, one whose coins never moved
   * is dropped (the user got an error); a decided review is finished. Returns the rows handled.
   */
  recover(): Promise<number> {
    return this.moves.recover(
      async () =>
        (await this.db
          .selectFrom('otc_orders')
          .selectAll()
          .where((eb) => eb.or([eb('status', '=', 'pending'), eb('pending_action', 'is not', null)]))
          .execute()) as OrderRow[],
      async (row) => {
        if (row.status === 'pending') {
          await this.moves.resolve(
            row,
            'in',
            () => this.toReview(row),
            () => this.drop(row),
          );
        } else if (row.status === 'review') {
          await this.finish(row).catch(() => undefined);
        }
      },
    );
  }
}
