import type {
  AdminAiProductCreate,
  AdminAiProductUpdate,
  AdminTreasuryFund,
  AiAccrualResult,
  AiOrder,
  AiOrdersQuery,
  AiProduct,
  AiSubscribeRequest,
  Page,
} from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { Lang } from '@ex/i18n';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { coinUnits, EarnMoney, earnAccount, openProduct, subscriptionAmount } from '../earn/earn.ts';
import { catalogueFields, editProduct, newCatalogueRow } from '../earn/products.ts';
import { localised } from '../earn/texts.ts';
import { refusal } from '../engine/errors.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { system } from '../exchange/money.ts';
import { type Treasuries, treasuryAccount } from '../exchange/treasury.ts';
import { AppError } from '../http/errors.ts';
import { DAY_MS, dailyInterest, earlyFee, proRataInterest, termInterest, utcDay } from './interest.ts';
import type { AiDb, AiOrdersTable, AiProductsTable } from './tables.ts';

type ProductRow = Selectable<AiProductsTable>;
type Order = Selectable<AiOrdersTable>;

/** The catalogue's fields (named for `lang`, ADR 243) and the AI product's kind, rates and fee. */
function toProduct(r: ProductRow, lang?: Lang): AiProduct {
  return {
    ...catalogueFields(r, lang),
    kind: r.kind,
    days: r.days,
    daily_rate_min_ppm: r.daily_rate_min_ppm,
    daily_rate_max_ppm: r.daily_rate_max_ppm,
    early_fee_bp: r.early_fee_bp,
  };
}

type OrderRow = Order & { product_name: string; product_name_i18n: ProductRow['name_i18n'] };

function toOrder(r: OrderRow, lang: Lang): AiOrder {
  const amount = BigInt(r.amount);
  const expected =
    r.kind === 'fixed'
      ? termInterest(amount, r.daily_rate_ppm, r.days)
      : dailyInterest(amount, r.daily_rate_ppm);
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: localised(r.product_name, r.product_name_i18n, lang),
    coin: r.coin,
    kind: r.kind,
    amount: formatAmount(amount, r.coin),
    days: r.days,
    daily_rate_ppm: r.daily_rate_ppm,
    expected_interest: formatAmount(expected, r.coin),
    interest: formatAmount(r.interest, r.coin),
    fee: formatAmount(r.fee, r.coin),
    early_fee_bp: r.early_fee_bp,
    status: r.status === 'pending' ? 'active' : r.status,
    started_at: Number(r.started_at),
    maturity_at: r.maturity_at === null ? null : Number(r.maturity_at),
    settled_at: r.settled_at === null ? null : Number(r.settled_at),
  };
}

/**
 * AI quantified savings (ADR 080). Every balance change is a `ledgerTransfer` (entry `system`)
 * through the engine host: subscribe spot -> earn, daily interest treasury -> earn, payout
 * earn -> spot and the early fee earn -> fee. Each move carries an idempotency key per order and
 * step, so a retried step after a crash never moves money twice. Money operations of this domain
 * run one at a time (the engine is a single writer anyway), so the job and a redemption never
 * interleave on an order.
 */
export class AiService {
  private readonly money: EarnMoney;

  constructor(
    private readonly db: AiDb,
    edb: EngineDb,
    private readonly host: EnginePort,
    private readonly clock: Clock,
    private readonly treasuries?: Treasuries,
  ) {
    this.money = new EarnMoney(host, edb);
  }

  /** The enabled products named in `lang`; without `lang`, all of them as the operator sees them. */
  async products(lang?: Lang): Promise<AiProduct[]> {
    let q = this.db.selectFrom('ai_products').selectAll();
    if (lang !== undefined) q = q.where('enabled', '=', true);
    return (await q.orderBy('id').execute()).map((r) => toProduct(r, lang));
  }

  /** A new AI product is offered at once. */
  async createProduct(body: AdminAiProductCreate): Promise<AiProduct> {
    const row = await this.db
      .insertInto('ai_products')
      .values({
        ...newCatalogueRow(body, this.clock.now()),
        kind: body.kind,
        days: body.days,
        daily_rate_min_ppm: body.daily_rate_min_ppm,
        daily_rate_max_ppm: body.daily_rate_max_ppm,
        early_fee_bp: body.early_fee_bp,
        enabled: true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProduct(row);
  }

  /** Enable or disable and/or rename; the operator's view of the product. */
  async update(id: string, body: AdminAiProductUpdate): Promise<AiProduct> {
    const row = await editProduct(body, (columns) =>
      this.db.updateTable('ai_products').set(columns).where('id', '=', id).returningAll().executeTakeFirst(),
    );
    return toProduct(row);
  }

  /**
   * Operator funding of the earn interest reserve (or the dividend pool) from off-chain reserves:
   * chain -> that purpose of the treasury (ADR 113).
   */
  async fundTreasury(adminId: string, body: AdminTreasuryFund): Promise<{ coin: string; amount: string }> {
    const amount = coinUnits(body.amount, body.coin, 'amount');
    const purpose = body.purpose ?? 'earn';
    const r = await this.host.submit({
      type: 'ledgerTransfer',
      entryType: 'system',
      from: system('chain', body.coin),
      to: treasuryAccount(purpose, body.coin),
      amount,
    });
    if (r.code !== ResultCode.OK) throw refusal(r.code);
    this.treasuries?.check(purpose, body.coin);
    void adminId;
    return { coin: body.coin, amount: formatAmount(amount, body.coin) };
  }

  subscribe(userId: string, body: AiSubscribeRequest, lang: Lang): Promise<AiOrder> {
    return this.money.serial(async () => {
      const product = openProduct(
        await this.db
          .selectFrom('ai_products')
          .selectAll()
          .where('id', '=', body.product_id)
          .executeTakeFirst(),
      );
      if (body.days !== product.days) throw new AppError('SUBSCRIPTION_INVALID');
      const amount = subscriptionAmount(product, body.amount);
      const now = this.clock.now();
      const startDay = utcDay(now);
      // The row first (pending, invisible to the job), then the money; a refusal deletes the row.
      const order = await this.db
        .insertInto('ai_orders')
        .values({
          user_id: userId,
          product_id: product.id,
          coin: product.coin,
          kind: product.kind,
          amount: amount.toString(),
          days: product.days,
          daily_rate_ppm: product.daily_rate_min_ppm,
          early_fee_bp: product.early_fee_bp,
          interest: '0',
          fee: '0',
          status: 'pending',
          start_day: startDay,
          last_day: startDay,
          started_at: String(now),
          maturity_at: product.kind === 'fixed' ? String((startDay + product.days) * DAY_MS) : null,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.money.takeIn(userId, `ai:${order.id}:in`, product.coin, amount, () =>
        this.db.deleteFrom('ai_orders').where('id', '=', order.id).execute(),
      );
      await this.db.updateTable('ai_orders').set({ status: 'active' }).where('id', '=', order.id).execute();
      return this.order(userId, order.id, lang);
    });
  }

  async order(userId: string, id: string, lang: Lang): Promise<AiOrder> {
    const row = await this.db
      .selectFrom('ai_orders')
      .innerJoin('ai_products', 'ai_products.id', 'ai_orders.product_id')
      .selectAll('ai_orders')
      .select(['ai_products.name as product_name', 'ai_products.name_i18n as product_name_i18n'])
      .where('ai_orders.id', '=', id)
      .where('ai_orders.user_id', '=', userId)
      .where('ai_orders.status', '!=', 'pending')
      .executeTakeFirst();
    if (row === undefined) throw new AppError('NOT_FOUND');
    return toOrder(row, lang);
  }

  async orders(userId: string, q: AiOrdersQuery, lang: Lang): Promise<Page<AiOrder>> {
    const statuses: AiOrdersTable['status'][] = q.tab === 'active' ? ['active'] : ['settled', 'redeemed'];
    const base = this.db
      .selectFrom('ai_orders')
      .where('ai_orders.user_id', '=', userId)
      .where('ai_orders.status', 'in', statuses);
    const { rows, total } = await fetchPage(base, q, (b) =>
      b
        .innerJoin('ai_products', 'ai_products.id', 'ai_orders.product_id')
        .selectAll('ai_orders')
        .select(['ai_products.name as product_name', 'ai_products.name_i18n as product_name_i18n'])
        .orderBy('ai_orders.id', 'desc'),
    );
    return { list: rows.map((r) => toOrder(r, lang)), total, page: q.page, limit: q.limit };
  }

  /**
   * Accrues the order's interest for every UTC day up to `today` (fixed: up to maturity). Day
   * label `d` pays for UTC day `d - 1`; a current order earns pro rata for the part of its first
   * day it was held (ADR 115), a fixed order a whole day each (its term is whole days). One move
   * and one `ai_accruals` row per day; a day already recorded is skipped. Stops at the first
   * refusal (reserve short): the next run tries that day again.
   */
  private async accrueOrder(o: Order, today: number): Promise<boolean> {
    const end = o.kind === 'fixed' ? Math.min(today, o.start_day + o.days) : today;
    const daily = dailyInterest(BigInt(o.amount), o.daily_rate_ppm);
    let interest = BigInt(o.interest);
    for (let day = o.last_day + 1; day <= end; day++) {
      const dayStart = (day - 1) * DAY_MS;
      const amount =
        o.kind === 'current'
          ? proRataInterest(daily, day * DAY_MS - Math.max(dayStart, Number(o.started_at)))
          : daily;
      const code = await this.money.move(
        o.user_id,
        `ai:${o.id}:d${day}`,
        treasuryAccount('earn', o.coin),
        earnAccount(o.coin),
        amount,
      );
      if (code !== ResultCode.OK) return false;
      interest += amount;
      await this.db.transaction().execute(async (trx) => {
        const ins = await trx
          .insertInto('ai_accruals')
          .values({ order_id: o.id, day, amount: amount.toString(), created_at: String(this.clock.now()) })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (ins.numInsertedOrUpdatedRows === 0n) return;
        await trx
          .updateTable('ai_orders')
          .set({ interest: interest.toString(), last_day: day })
          .where('id', '=', o.id)
          .execute();
      });
      o.interest = interest.toString();
      o.last_day = day;
    }
    this.treasuries?.check('earn', o.coin);
    return true;
  }

  /**
   * A current order redeemed mid-day earns the part of today it was held (ADR 115), once (its own
   * key); the amount is derived from the redemption time, so it is paid only on the first try.
   */
  private async accruePartial(o: Order, now: number): Promise<boolean> {
    if (o.kind !== 'current') return true;
    const daily = dailyInterest(BigInt(o.amount), o.daily_rate_ppm);
    const amount = proRataInterest(daily, now - Math.max(utcDay(now) * DAY_MS, Number(o.started_at)));
    const code = await this.money.move(
      o.user_id,
      `ai:${o.id}:part`,
      treasuryAccount('earn', o.coin),
      earnAccount(o.coin),
      amount,
    );
    if (code !== ResultCode.OK) return false;
    const interest = BigInt(o.interest) + amount;
    await this.db
      .updateTable('ai_orders')
      .set({ interest: interest.toString() })
      .where('id', '=', o.id)
      .execute();
    o.interest = interest.toString();
    return true;
  }

  /** Pays out `principal + interest - fee` to spot and the fee to the system fee account. */
  private async payout(o: Order, fee: bigint, status: 'settled' | 'redeemed') {
    const total = BigInt(o.amount) + BigInt(o.interest);
    await this.money.payOut(o.user_id, `ai:${o.id}:out`, o.coin, total - fee, `AI payout ${o.id}`);
    const cut = await this.money.move(
      o.user_id,
      `ai:${o.id}:fee`,
      earnAccount(o.coin),
      system('fee', o.coin),
      fee,
    );
    if (cut !== ResultCode.OK) throw new Error(`engine refused AI fee ${o.id}: code ${cut}`);
    await this.db
      .updateTable('ai_orders')
      .set({ status, fee: fee.toString(), settled_at: String(this.clock.now()) })
      .where('id', '=', o.id)
      .where('status', '=', 'active')
      .execute();
  }

  /** The daily job: accrue every active order, settle fixed orders that reached maturity. */
  runAccrual(): Promise<AiAccrualResult> {
    return this.money.serial(async () => {
      const now = this.clock.now();
      const today = utcDay(now);
      const rows = await this.db.selectFrom('ai_orders').selectAll().where('status', '=', 'active').execute();
      let accrued = 0;
      let settled = 0;
      for (const o of rows) {
        const before = o.last_day;
        const complete = await this.accrueOrder(o, today);
        if (o.last_day !== before) accrued++;
        if (complete && o.kind === 'fixed' && today >= o.start_day + o.days) {
          await this.payout(o, 0n, 'settled');
          settled++;
        }
      }
      return { accrued, settled };
    });
  }

  /** Redeem: current any time without fee; fixed at maturity without fee, earlier with the fee. */
  redeem(userId: string, id: string, lang: Lang): Promise<AiOrder> {
    return this.money.serial(async () => {
      const o = await this.db
        .selectFrom('ai_orders')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      if (o === undefined) throw new AppError('NOT_FOUND');
      if (o.status !== 'active') throw new AppError('ACTIVITY_UNAVAILABLE');
      const today = utcDay(this.clock.now());
      // Interest that cannot be paid now (reserve short) is not forfeited: try again later.
      if (!(await this.accrueOrder(o, today))) throw new AppError('ACTIVITY_UNAVAILABLE');
      if (!(await this.accruePartial(o, this.clock.now()))) throw new AppError('ACTIVITY_UNAVAILABLE');
      const early = o.kind === 'fixed' && today < o.start_day + o.days;
      const fee = early ? earlyFee(BigInt(o.amount), o.early_fee_bp, BigInt(o.interest)) : 0n;
      await this.payout(o, fee, early ? 'redeemed' : 'settled');
      return this.order(userId, id, lang);
    });
  }
}
