import type {
  AdminStakeReview,
  AdminStakingProductCreate,
  Page,
  Stake,
  StakeRequest,
  StakesQuery,
  StakingProduct,
} from '@ex/contract';
import { type AccountRef, parseDecimal, ResultCode, SYSTEM_OWNER } from '@ex/core';
import type { Selectable } from 'kysely';
import { termInterest } from '../ai/interest.ts';
import type { Clock } from '../clock.ts';
import { ASSETS } from '../engine/config.ts';
import { refusal } from '../engine/errors.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { treasuryAccount } from '../exchange/treasury.ts';
import { AppError } from '../http/errors.ts';
import type { StakesTable, StakingDb, StakingProductsTable } from './tables.ts';

const SCOPE = 'earn';
const DAY_MS = 86_400_000;
/** The upper limit of open stakes (under review, in progress, outstanding) per user; not shown. */
export const MAX_OPEN_STAKES = 3;
const OPEN: StakesTable['status'][] = ['pending', 'review', 'active', 'outstanding'];

type Row = Selectable<StakesTable>;
const sys = (kind: 'earn', asset: string): AccountRef => ({ owner: SYSTEM_OWNER, kind, asset });
const spot = (userId: string, asset: string): AccountRef => ({ owner: userId, kind: 'spot', asset });

function toProduct(r: Selectable<StakingProductsTable>): StakingProduct {
  return {
    id: r.id,
    name: r.name,
    coin: r.coin,
    days: r.days,
    daily_rate_ppm: r.daily_rate_ppm,
    min_amount: formatAmount(r.min_amount, r.coin),
    max_amount: formatAmount(r.max_amount, r.coin),
    enabled: r.enabled,
  };
}

function toStake(r: Row & { product_name: string }): Stake & { user_id: string } {
  return {
    id: r.id,
    user_id: r.user_id,
    product_id: r.product_id,
    product_name: r.product_name,
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

function units(value: string, coin: string, field: string): bigint {
  const scale = ASSETS[coin];
  if (scale === undefined)
    throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
  const r = parseDecimal(value, scale);
  if (!r.ok) throw new AppError('VALIDATION', { scale }, { [field]: ['validation.decimal_scale'] });
  return r.value;
}

/**
 * DeFi staking (ADR 081): staking moves the amount spot -> earn at once (under review); the
 * operator approves (in progress until the period ends) or rejects (earn -> spot, refunded). At
 * the end of the period the job pays principal earn -> spot and interest treasury -> spot; when the
 * treasury is short the stake is outstanding and the next run tries again. Every move has an
 * idempotency key per stake and step; the domain's operations run one at a time.
 */
export class StakingService {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: StakingDb,
    private readonly edb: EngineDb,
    private readonly host: EnginePort,
    private readonly clock: Clock,
  ) {}

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async move(userId: string, key: string, from: AccountRef, to: AccountRef, amount: bigint) {
    if (amount === 0n) return ResultCode.OK;
    const done = await this.edb
      .selectFrom('idempotency_keys')
      .select('ref_id')
      .where('user_id', '=', userId)
      .where('scope', '=', SCOPE)
      .where('key', '=', key)
      .executeTakeFirst();
    if (done !== undefined) return ResultCode.OK;
    const r = await this.host.submit(
      { type: 'ledgerTransfer', entryType: 'system', from, to, amount },
      { idempotency: { userId, scope: SCOPE, key, hash: key } },
    );
    // Refused as a repeat of a committed key (two processes raced it, ADR 172): it was moved once.
    return r.code === ResultCode.ENGINE_DUPLICATE_REFERENCE ? ResultCode.OK : r.code;
  }

  async products(all = false): Promise<StakingProduct[]> {
    let q = this.db.selectFrom('staking_products').selectAll();
    if (!all) q = q.where('enabled', '=', true);
    return (await q.orderBy('id').execute()).map(toProduct);
  }

  async createProduct(body: AdminStakingProductCreate): Promise<StakingProduct> {
    const min = units(body.min_amount, body.coin, 'min_amount');
    const max = units(body.max_amount, body.coin, 'max_amount');
    if (max < min) throw new AppError('VALIDATION', undefined, { max_amount: ['validation.invalid_format'] });
    const row = await this.db
      .insertInto('staking_products')
      .values({
        name: body.name,
        coin: body.coin,
        days: body.days,
        daily_rate_ppm: body.daily_rate_ppm,
        min_amount: min.toString(),
        max_amount: max.toString(),
        enabled: body.enabled,
        created_at: String(this.clock.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProduct(row);
  }

  stake(userId: string, body: StakeRequest): Promise<Stake> {
    return this.serial(async () => {
      const p = await this.db
        .selectFrom('staking_products')
        .selectAll()
        .where('id', '=', body.product_id)
        .executeTakeFirst();
      if (p === undefined || !p.enabled) throw new AppError('NOT_FOUND');
      const amount = units(body.amount, p.coin, 'amount');
      if (amount < BigInt(p.min_amount) || amount > BigInt(p.max_amount)) {
        throw new AppError('QUANTITY_OUT_OF_RANGE');
      }
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
      const code = await this.move(
        userId,
        `st:${row.id}:in`,
        spot(userId, p.coin),
        sys('earn', p.coin),
        amount,
      );
      if (code !== ResultCode.OK) {
        await this.db.deleteFrom('stakes').where('id', '=', row.id).execute();
        throw code === ResultCode.LEDGER_INSUFFICIENT_AVAILABLE
          ? new AppError('INSUFFICIENT_BALANCE')
          : refusal(code);
      }
      await this.db.updateTable('stakes').set({ status: 'review' }).where('id', '=', row.id).execute();
      return this.get(userId, row.id);
    });
  }

  private base() {
    return this.db
      .selectFrom('stakes')
      .innerJoin('staking_products', 'staking_products.id', 'stakes.product_id')
      .selectAll('stakes')
      .select('staking_products.name as product_name')
      .where('stakes.status', '!=', 'pending');
  }

  async get(userId: string, id: string): Promise<Stake> {
    const r = await this.base()
      .where('stakes.id', '=', id)
      .where('stakes.user_id', '=', userId)
      .executeTakeFirst();
    if (r === undefined) throw new AppError('NOT_FOUND');
    const { user_id: _, ...stake } = toStake(r);
    return stake;
  }

  async list(userId: string | null, q: StakesQuery): Promise<Page<Stake & { user_id: string }>> {
    let base = this.db.selectFrom('stakes').where('stakes.status', '!=', 'pending');
    if (userId !== null) base = base.where('stakes.user_id', '=', userId);
    if (q.status !== undefined) base = base.where('stakes.status', '=', q.status);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('staking_products', 'staking_products.id', 'stakes.product_id')
        .selectAll('stakes')
        .select('staking_products.name as product_name')
        .orderBy('stakes.id', 'desc')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toStake), total: Number(total.n), page: q.page, limit: q.limit };
  }

  review(id: string, body: AdminStakeReview): Promise<Stake & { user_id: string }> {
    return this.serial(async () => {
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
        const code = await this.move(
          s.user_id,
          `st:${id}:refund`,
          sys('earn', s.coin),
          spot(s.user_id, s.coin),
          BigInt(s.amount),
        );
        if (code !== ResultCode.OK) throw new Error(`engine refused stake refund ${id}: code ${code}`);
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
    return this.serial(async () => {
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
        const back = await this.move(
          s.user_id,
          `st:${s.id}:out`,
          sys('earn', s.coin),
          spot(s.user_id, s.coin),
          BigInt(s.amount),
        );
        if (back !== ResultCode.OK) throw new Error(`engine refused stake payout ${s.id}: code ${back}`);
        const paid = await this.move(
          s.user_id,
          `st:${s.id}:interest`,
          // The earn interest reserve pays staking interest too (ADR 113).
          treasuryAccount('earn', s.coin),
          spot(s.user_id, s.coin),
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
