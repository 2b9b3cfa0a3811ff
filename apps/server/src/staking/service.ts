import type {
  AdminStakeReview,
  AdminStakingProductCreate,
  AdminStakingProductUpdate,
  Page,
  Stake,
  StakeRequest,
  StakesQuery,
  StakingProduct,
} from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { Lang } from '@ex/i18n';
import type { Selectable } from 'kysely';
import { termInterest } from '../ai/interest.ts';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { EarnMoney, openProduct, subscriptionAmount } from '../earn/earn.ts';
import { catalogueFields, editProduct, newCatalogueRow } from '../earn/products.ts';
import { localised } from '../earn/texts.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { userSpot } from '../exchange/money.ts';
import { treasuryAccount } from '../exchange/treasury.ts';
import { AppError } from '../http/errors.ts';
import type { StakesTable, StakingDb, StakingProductsTable } from './tables.ts';

const DAY_MS = 86_400_000;
/** The upper limit of open stakes (under review, in progress, outstanding) per user; not shown. */
export const MAX_OPEN_STAKES = 3;
const OPEN: StakesTable['status'][] = ['pending', 'review', 'active', 'outstanding'];

type Row = Selectable<StakesTable>;

type ProductRow = Selectable<StakingProductsTable>;

/** The catalogue's fields (named for `lang`, ADR 243) and the staking term. */
function toProduct(r: ProductRow, lang?: Lang): StakingProduct {
  return { ...catalogueFields(r, lang), days: r.days, daily_rate_ppm: r.daily_rate_ppm };
}

type StakeRow = Row & { product_name: string; product_name_i18n: ProductRow['name_i18n'] };

/** The product named in `lang`; the operator (no `lang`) sees its text of record. */
function toStake(r: StakeRow, lang?: Lang): Stake & { user_id: string } {
  return {
    id: r.id,
    user_id: r.user_id,
    product_id: r.product_id,
    product_name: lang === undefined ? r.product_name : localised(r.product_name, r.product_name_i18n, lang),
    coin: r.coin,
    amount: formatAmount(r.amount, r.coin),
    days: r.days,
    daily_rate_ppm: r.daily_rate_ppm,
    interest: formatAmount(r.interest, r.coin),
    status: r.status === 'pending' ? 'review' : r.status,
    reason: r.reason,
    created_at: Number(r.created_at),
    due_at: r.due_at === null ? null : Number(r.due_at),
    settled_at: r.settled_at === null ? null : Number(r.settled_at),
  };
}

/**
 * DeFi staking (ADR 081): staking moves the amount spot -> earn at once (under review); the
 * operator approves (in progress until the period ends) or rejects (earn -> spot, refunded). At
 * the end of the period the job pays principal earn -> spot and interest treasury -> spot; when the
 * treasury is short the stake is outstanding and the next run tries again. Every move has an
 * idempotency key per stake and step; the domain's operations run one at a time.
 */
export class StakingService {
  private readonly money: EarnMoney;

  constructor(
    private readonly db: StakingDb,
    edb: EngineDb,
    host: EnginePort,
    private readonly clock: Clock,
  ) {
    this.money = new EarnMoney(host, edb);
  }

  /** The enabled products named in `lang`; without `lang`, all of them as the operator sees them. */
  async products(lang?: Lang): Promise<StakingProduct[]> {
    let q = this.db.selectFrom('staking_products').selectAll();
    if (lang !== undefined) q = q.where('enabled', '=', true);
    return (await q.orderBy('id').execute()).map((r) => toProduct(r, lang));
  }

  /** The operator chooses whether a new product is offered at once. */
  async createProduct(body: AdminStakingProductCreate): Promise<StakingProduct> {
    const row = await this.db
      .insertInto('staking_products')
      .values({
        ...newCatalogueRow(body, this.clock.now()),
        days: body.days,
        daily_rate_ppm: body.daily_rate_ppm,
        enabled: body.enabled,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProduct(row);
  }

  /** Enable or disable and/or rename; the operator's view of the product. */
  async updateProduct(id: string, body: AdminStakingProductUpdate): Promise<StakingProduct> {
    const row = await editProduct(body, (columns) =>
      this.db
        .updateTable('staking_products')
        .set(columns)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    );
    return toProduct(row);
  }

  stake(userId: string, body: StakeRequest, lang?: Lang): Promise<Stake> {
    return this.money.serial(async () => {
      const p = openProduct(
        await this.db
          .selectFrom('staking_products')
          .selectAll()
          .where('id', '=', body.product_id)
          .executeTakeFirst(),
      );
      const amount = subscriptionAmount(p, body.amount);
      const open = await this.db
        .selectFrom('stakes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', OPEN)
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= MAX_OPEN_STAKES) throw new AppError('STAKING_LIMIT');
      const row = await this.db
        .insertInto('stakes')
        .values({
          user_id: userId,
          product_id: p.id,
          coin: p.coin,
          amount: amount.toString(),
          days: p.days,
          daily_rate_ppm: p.daily_rate_ppm,
          interest: termInterest(amount, p.daily_rate_ppm, p.days).toString(),
          status: 'pending',
          reason: null,
          created_at: String(this.clock.now()),
          due_at: null,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.money.takeIn(userId, `st:${row.id}:in`, p.coin, amount, () =>
        this.db.deleteFrom('stakes').where('id', '=', row.id).execute(),
      );
      await this.db.updateTable('stakes').set({ status: 'review' }).where('id', '=', row.id).execute();
      return this.get(userId, row.id, lang);
    });
  }

  private base() {
    return this.db
      .selectFrom('stakes')
      .innerJoin('staking_products', 'staking_products.id', 'stakes.product_id')
      .selectAll('stakes')
      .select(['staking_products.name as product_name', 'staking_products.name_i18n as product_name_i18n'])
      .where('stakes.status', '!=', 'pending');
  }

  async get(userId: string, id: string, lang?: Lang): Promise<Stake> {
    const r = await this.base()
      .where('stakes.id', '=', id)
      .where('stakes.user_id', '=', userId)
      .executeTakeFirst();
    if (r === undefined) throw new AppError('NOT_FOUND');
    const { user_id: _, ...stake } = toStake(r, lang);
    return stake;
  }

  async list(userId: string | null, q: StakesQuery, lang?: Lang): Promise<Page<Stake & { user_id: string }>> {
    let base = this.db.selectFrom('stakes').where('stakes.status', '!=', 'pending');
    if (userId !== null) base = base.where('stakes.user_id', '=', userId);
    if (q.status !== undefined) base = base.where('stakes.status', '=', q.status);
    const { rows, total } = await fetchPage(base, q, (b) =>
      b
        .innerJoin('staking_products', 'staking_products.id', 'stakes.product_id')
        .selectAll('stakes')
        .select(['staking_products.name as product_name', 'staking_products.name_i18n as product_name_i18n'])
        .orderBy('stakes.id', 'desc'),
    );
    return { list: rows.map((r) => toStake(r, lang)), total, page: q.page, limit: q.limit };
  }

  review(id: string, body: AdminStakeReview): Promise<Stake & { user_id: string }> {
    return this.money.serial(async () => {
      const s = await this.db.selectFrom('stakes').selectAll().where('id', '=', id).executeTakeFirst();
      if (s === undefined || s.status === 'pending') throw new AppError('NOT_FOUND');
      if (s.status !== 'review') throw new AppError('ACTIVITY_UNAVAILABLE');
      const now = this.clock.now();
      if (body.action === 'approve') {
        await this.db
          .updateTable('stakes')
          .set({ status: 'active', due_at: String(now + s.days * DAY_MS) })
          .where('id', '=', id)
          .execute();
      } else {
        await this.money.payOut(s.user_id, `st:${id}:refund`, s.coin, BigInt(s.amount), `stake refund ${id}`);
        await this.db
          .updateTable('stakes')
          .set({ status: 'rejected', reason: body.reason, settled_at: String(now) })
          .where('id', '=', id)
          .execute();
      }
      const r = await this.base().where('stakes.id', '=', id).executeTakeFirstOrThrow();
      return toStake(r);
    });
  }

  /** The job: pays every stake whose period is over; a short treasury leaves it outstanding. */
  settleDue(): Promise<{ settled: number; outstanding: number }> {
    return this.money.serial(async () => {
      const now = this.clock.now();
      const due = await this.db
        .selectFrom('stakes')
        .selectAll()
        .where('status', 'in', ['active', 'outstanding'])
        .where('due_at', '<=', String(now))
        .execute();
      let settled = 0;
      let outstanding = 0;
      for (const s of due) {
        await this.money.payOut(
          s.user_id,
          `st:${s.id}:out`,
          s.coin,
          BigInt(s.amount),
          `stake payout ${s.id}`,
        );
        const paid = await this.money.move(
          s.user_id,
          `st:${s.id}:interest`,
          // The earn interest reserve pays staking interest too (ADR 113).
          treasuryAccount('earn', s.coin),
          userSpot(s.user_id, s.coin),
          BigInt(s.interest),
        );
        const status = paid === ResultCode.OK ? 'settled' : 'outstanding';
        if (status === 'settled') settled++;
        else outstanding++;
        await this.db
          .updateTable('stakes')
          .set({ status, settled_at: status === 'settled' ? String(now) : null })
          .where('id', '=', s.id)
          .execute();
      }
      return { settled, outstanding };
    });
  }
}
