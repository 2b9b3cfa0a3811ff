import type {
  AdminDividendCreate,
  AdminDividendPool,
  AdminDividendUpdate,
  DividendClaim,
  DividendClaimsQuery,
  Page,
  TextPerLang,
} from '@ex/contract';
import { parseDecimal, SYSTEM_OWNER } from '@ex/core';
import type { Lang } from '@ex/i18n';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { EarnMoney, earnAccount } from '../earn/earn.ts';
import { localised, readTexts, textsJson } from '../earn/texts.ts';
import { ASSETS } from '../engine/config.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { treasuryAccount } from '../exchange/treasury.ts';
import { AppError } from '../http/errors.ts';
import type { DividendDb } from './tables.ts';

/**
 * Dividend plan (ADR 082): creating a pool moves its total `system/treasury` -> `system/earn`
 * (refused when the treasury is short: nothing is created); a claim moves the user's amount
 * `system/earn` -> spot once. Keys `(user|system, 'earn', 'dv:...')` make every move once-only.
 */
export class DividendService {
  private readonly money: EarnMoney;

  constructor(
    private readonly db: DividendDb,
    edb: EngineDb,
    host: EnginePort,
    private readonly clock: Clock,
  ) {
    this.money = new EarnMoney(host, edb);
  }

  create(body: AdminDividendCreate): Promise<AdminDividendPool> {
    return this.money.serial(async () => {
      const scale = ASSETS[body.coin];
      if (scale === undefined)
        throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
      const seen = new Set<string>();
      const allocations = body.allocations.map((a, i) => {
        const r = parseDecimal(a.amount, scale);
        if (!r.ok) {
          throw new AppError(
            'VALIDATION',
            { scale },
            { [`allocations.${i}.amount`]: ['validation.decimal_scale'] },
          );
        }
        if (seen.has(a.user_id)) {
          throw new AppError('VALIDATION', undefined, {
            [`allocations.${i}.user_id`]: ['validation.invalid_format'],
          });
        }
        seen.add(a.user_id);
        return { user_id: a.user_id, amount: r.value };
      });
      const known = await this.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...seen])
        .execute();
      if (known.length !== seen.size) throw new AppError('ACCOUNT_NOT_FOUND');
      const total = allocations.reduce((s, a) => s + a.amount, 0n);
      const now = this.clock.now();
      const pool = await this.db
        .insertInto('dividend_pools')
        .values({
          title: body.title,
          title_i18n: textsJson(body.title_i18n),
          coin: body.coin,
          total: total.toString(),
          status: 'pending',
          created_at: String(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.money.moveOrUndo(
        SYSTEM_OWNER,
        `dv:${pool.id}:fund`,
        // Pools are paid from the dividend purpose of the treasury only (ADR 113).
        treasuryAccount('dividend', body.coin),
        earnAccount(body.coin),
        total,
        () => this.db.deleteFrom('dividend_pools').where('id', '=', pool.id).execute(),
      );
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('dividend_claims')
          .values(
            allocations.map((a) => ({
              pool_id: pool.id,
              user_id: a.user_id,
              amount: a.amount.toString(),
              claimed_at: null,
            })),
          )
          .execute();
        await trx.updateTable('dividend_pools').set({ status: 'funded' }).where('id', '=', pool.id).execute();
      });
      const pools = await this.pools(pool.id);
      return pools[0]!;
    });
  }

  /** Renames a funded plan (ADR 243); the operator's view of it. */
  async update(id: string, body: AdminDividendUpdate): Promise<AdminDividendPool> {
    const r = await this.db
      .updateTable('dividend_pools')
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.title_i18n !== undefined ? { title_i18n: textsJson(body.title_i18n) } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'funded')
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) throw new AppError('NOT_FOUND');
    return (await this.pools(id))[0]!;
  }

  async pools(id?: string): Promise<AdminDividendPool[]> {
    let q = this.db
      .selectFrom('dividend_pools')
      .leftJoin('dividend_claims', 'dividend_claims.pool_id', 'dividend_pools.id')
      .select([
        'dividend_pools.id',
        'dividend_pools.title',
        'dividend_pools.title_i18n',
        'dividend_pools.coin',
        'dividend_pools.total',
        'dividend_pools.created_at',
        sql<string>`coalesce(sum(case when dividend_claims.claimed_at is not null then dividend_claims.amount else 0 end), 0)`.as(
          'claimed',
        ),
        sql<string>`count(dividend_claims.id)`.as('users'),
      ])
      .where('dividend_pools.status', '=', 'funded')
      .groupBy('dividend_pools.id')
      .orderBy('dividend_pools.id', 'desc');
    if (id !== undefined) q = q.where('dividend_pools.id', '=', id);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      title_i18n: readTexts(r.title_i18n),
      coin: r.coin,
      total: formatAmount(r.total, r.coin),
      claimed: formatAmount(BigInt(r.claimed), r.coin),
      users: Number(r.users),
      created_at: Number(r.created_at),
    }));
  }

  private claimsOf(userId: string) {
    return this.db
      .selectFrom('dividend_claims')
      .innerJoin('dividend_pools', 'dividend_pools.id', 'dividend_claims.pool_id')
      .where('dividend_claims.user_id', '=', userId)
      .where('dividend_pools.status', '=', 'funded');
  }

  /** The plan's title in `lang`, else its title of record (ADR 243). */
  private static toClaim(
    r: {
      id: string;
      pool_id: string;
      title: string;
      title_i18n: TextPerLang | string;
      coin: string;
      amount: string;
      created_at: string;
      claimed_at: string | null;
    },
    lang: Lang,
  ): DividendClaim {
    return {
      id: r.id,
      pool_id: r.pool_id,
      title: localised(r.title, r.title_i18n, lang),
      coin: r.coin,
      amount: formatAmount(r.amount, r.coin),
      status: r.claimed_at === null ? 'claimable' : 'claimed',
      created_at: Number(r.created_at),
      claimed_at: r.claimed_at === null ? null : Number(r.claimed_at),
    };
  }

  async claims(userId: string, q: DividendClaimsQuery, lang: Lang): Promise<Page<DividendClaim>> {
    let base = this.claimsOf(userId);
    if (q.status === 'claimable') base = base.where('dividend_claims.claimed_at', 'is', null);
    if (q.status === 'claimed') base = base.where('dividend_claims.claimed_at', 'is not', null);
    const [rows, total] = await Promise.all([
      base
        .select([
          'dividend_claims.id',
          'dividend_claims.pool_id',
          'dividend_pools.title',
          'dividend_pools.title_i18n',
          'dividend_pools.coin',
          'dividend_claims.amount',
          'dividend_pools.created_at',
          'dividend_claims.claimed_at',
        ])
        .orderBy('dividend_claims.id', 'desc')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => DividendService.toClaim(r, lang)),
      total: Number(total.n),
      page: q.page,
      limit: q.limit,
    };
  }

  claim(userId: string, id: string, lang: Lang): Promise<DividendClaim> {
    return this.money.serial(async () => {
      const row = await this.claimsOf(userId)
        .select([
          'dividend_claims.id',
          'dividend_claims.pool_id',
          'dividend_pools.title',
          'dividend_pools.title_i18n',
          'dividend_pools.coin',
          'dividend_claims.amount',
          'dividend_pools.created_at',
          'dividend_claims.claimed_at',
        ])
        .where('dividend_claims.id', '=', id)
        .executeTakeFirst();
      if (row === undefined) throw new AppError('NOT_FOUND');
      if (row.claimed_at !== null) throw new AppError('ALREADY_CLAIMED');
      await this.money.payOut(
        userId,
        `dv:${row.id}:claim`,
        row.coin,
        BigInt(row.amount),
        `dividend claim ${row.id}`,
      );
      const now = String(this.clock.now());
      await this.db
        .updateTable('dividend_claims')
        .set({ claimed_at: now })
        .where('id', '=', row.id)
        .execute();
      return DividendService.toClaim({ ...row, claimed_at: now }, lang);
    });
  }
}
