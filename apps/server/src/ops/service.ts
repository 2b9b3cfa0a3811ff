import type {
  CreateOperatorRequest,
  MarketSetting,
  Operator,
  OperatorRole,
  UserDetail,
  UserDetailRecords,
  UserSearchQuery,
  UserSummary,
  UserSummaryPage,
} from '@ex/contract';
import { hashPassword } from '../account/passwords.ts';
import type { Db } from '../db/db.ts';
import type { Services } from '../deps.ts';
import { marketBySymbol } from '../engine/markets.ts';
import { AppError } from '../http/errors.ts';
import { kycDb } from '../kyc/tables.ts';
import { type Actor, writeAudit } from './audit.ts';
import { marketSettings } from './market-params.ts';
import { setPaused } from './market-state.ts';
import { type OpsDb, opsDb } from './tables.ts';

const OPERATOR_COLUMNS = ['id', 'email', 'role', 'totp_enabled_at', 'disabled_at', 'created_at'] as const;

type OperatorRow = {
  id: string;
  email: string;
  role: OperatorRole;
  totp_enabled_at: string | null;
  disabled_at: string | null;
  created_at: string;
};

function toOperator(r: OperatorRow): Operator {
  return {
    id: String(r.id),
    email: r.email,
    role: r.role,
    totp_enabled: r.totp_enabled_at !== null,
    disabled_at: r.disabled_at === null ? null : Number(r.disabled_at),
    created_at: Number(r.created_at),
  };
}

type UserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  nickname: string;
  verified: boolean;
  member_level: number;
  banned_at: string | null;
  created_at: string;
};

function toUserSummary(r: UserRow): UserSummary {
  return {
    id: String(r.id),
    email: r.email,
    phone: r.phone,
    area_code: r.area_code,
    nickname: r.nickname,
    verified: r.verified,
    member_level: r.member_level,
    banned_at: r.banned_at === null ? null : Number(r.banned_at),
    created_at: Number(r.created_at),
  };
}

const USER_COLUMNS = [
  'id',
  'email',
  'phone',
  'area_code',
  'nickname',
  'verified',
  'member_level',
  'banned_at',
  'created_at',
] as const;

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b", not "axb". */
function likeTerm(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Operator accounts and the user side of the console (issue 10 item 4). Every change writes its
 * audit entry in the same transaction as the change, with the row before and after (ADR 161).
 */
export class OpsService {
  private readonly odb: OpsDb;

  constructor(private readonly s: Services) {
    this.odb = opsDb(s.db);
  }

  private get db(): Db {
    return this.s.db;
  }

  private now(): number {
    return this.s.clock.now();
  }

  // ---- operators ----

  private operatorQuery(db: OpsDb = this.odb) {
    return db.selectFrom('admins').select([...OPERATOR_COLUMNS]);
  }

  async listOperators(): Promise<Operator[]> {
    const rows = await this.operatorQuery().orderBy('id').execute();
    return rows.map(toOperator);
  }

  async createOperator(actor: Actor, body: CreateOperatorRequest): Promise<Operator> {
    const email = body.email.trim().toLowerCase();
    // Hashing is slow: done before the transaction, which then only checks and writes.
    const passwordHash = await hashPassword(body.password);
    return this.odb.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('admins')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (exists) throw new AppError('ADMIN_EXISTS');
      const row = await trx
        .insertInto('admins')
        .values({
          email,
          password_hash: passwordHash,
          role: body.role,
          totp_failures: 0,
          created_at: String(this.now()),
        })
        .returning([...OPERATOR_COLUMNS])
        .executeTakeFirstOrThrow();
      const op = toOperator(row);
      await writeAudit(
        trx,
        actor,
        { action: 'operator.create', targetType: 'operator', targetId: op.id, after: op },
        this.now(),
      );
      return op;
    });
  }

  async setOperatorRole(actor: Actor, id: string, role: OperatorRole): Promise<Operator> {
    // An admin demoting themselves could leave nobody able to manage operators.
    if (id === actor.adminId) throw new AppError('ADMIN_SELF');
    return this.changeOperator(actor, id, 'operator.role', () => ({ role }));
  }

  /** Disables an operator and ends their sessions; the row stays, the audit log points at it. */
  async disableOperator(actor: Actor, id: string): Promise<Operator> {
    if (id === actor.adminId) throw new AppError('ADMIN_SELF');
    return this.changeOperator(actor, id, 'operator.disable', () => ({ disabled_at: String(this.now()) }), {
      check: (before) => {
        if (before.disabled_at !== null) throw new AppError('ALREADY_PROCESSED');
      },
      afterUpdate: (trx) => this.s.tokens.revokeAll('admin', id, trx as unknown as Db),
    });
  }

  /**
   * One operator row changed in one transaction: locked (404 if missing), `check`ed, updated with
   * `set()`, `afterUpdate` run, and the audit entry written with the row before and after.
   */
  private changeOperator(
    actor: Actor,
    id: string,
    action: 'operator.role' | 'operator.disable',
    set: () => { role: OperatorRole } | { disabled_at: string },
    {
      check,
      afterUpdate,
    }: { check?: (before: OperatorRow) => void; afterUpdate?: (trx: OpsDb) => Promise<unknown> } = {},
  ): Promise<Operator> {
    return this.odb.transaction().execute(async (trx) => {
      const before = await this.operatorQuery(trx as unknown as OpsDb)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND');
      check?.(before);
      const row = await trx
        .updateTable('admins')
        .set(set())
        .where('id', '=', id)
        .returning([...OPERATOR_COLUMNS])
        .executeTakeFirstOrThrow();
      await afterUpdate?.(trx as unknown as OpsDb);
      const after = toOperator(row);
      await writeAudit(
        trx,
        actor,
        { action, targetType: 'operator', targetId: id, before: toOperator(before), after },
        this.now(),
      );
      return after;
    });
  }

  // ---- users ----

  async searchUsers(q: UserSearchQuery): Promise<UserSummaryPage> {
    let base = this.db.selectFrom('users');
    const term = q.q?.trim();
    if (term) {
      const digits = term.replace(/[\s+-]/g, '');
      base = base.where((eb) => {
        const ors = [eb('email', 'ilike', likeTerm(term.toLowerCase()))];
        if (/^\d+$/.test(digits)) {
          ors.push(eb('phone', 'like', likeTerm(digits)));
          if (digits.length <= 18) ors.push(eb('id', '=', digits));
        }
        return eb.or(ors);
      });
    }
    const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select([...USER_COLUMNS])
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return { list: rows.map(toUserSummary), total: Number(total.n), page: q.page, limit: q.limit };
  }

  /** A user's sessions that are neither revoked nor expired (select what you need). */
  private liveSessions(id: string, db: Db = this.db) {
    return db
      .selectFrom('tokens')
      .where('kind', '=', 'user')
      .where('subject_id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', String(this.now()));
  }

  private async userRow(id: string, db: Db = this.db) {
    return db
      .selectFrom('users')
      .select([...USER_COLUMNS, 'invite_code', 'inviter_id', 'points'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Read-only: each part through the service or table that owns it. */
  async userDetail(id: string): Promise<UserDetail> {
    const row = await this.userRow(id);
    if (!row) throw new AppError('NOT_FOUND');
    const balances = this.s.wallet.balances(id);
    const page = { page: 1, limit: 20 };
    const [spotOpen, spotHistory, perpOpen, ledger] = await Promise.all([
      this.s.spot.list(id, { status: 'open', ...page }),
      this.s.spot.list(id, { status: 'history', ...page }),
      this.s.contract.orders(id, { status: 'open', ...page }),
      this.s.wallet.ledger(id, page),
    ]);
    const kdb = kycDb(this.db);
    const kyc = await kdb
      .selectFrom('kyc_applications')
      .select([
        'id',
        'status',
        'country',
        'document_type',
        'reason',
        'submitted_at',
        'reviewed_at',
        'reviewed_by',
      ])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    const cards = await kdb
      .selectFrom('bank_cards')
      .select(['id', 'bank_name', 'card_number', 'holder_name', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    const sessions = await this.liveSessions(id)
      .select(['id', 'created_at', 'expires_at'])
      .orderBy('id', 'desc')
      .execute();
    // Built as the typed records the console reads (ADR 239), then answered as the route's schema:
    // a field renamed here or in a record's source fails this file's typecheck.
    const detail: UserDetailRecords = {
      user: {
        ...toUserSummary(row),
        invite_code: row.invite_code,
        inviter_id: row.inviter_id === null ? null : String(row.inviter_id),
        points: row.points,
      },
      balances: [
        ...balances.spot.map((b) => ({ account: 'spot', ...b })),
        {
          account: 'contract',
          coin: balances.contract.coin,
          available: balances.contract.available,
          frozen: balances.contract.frozen,
        },
      ],
      orders: [...spotOpen.list, ...perpOpen.list, ...spotHistory.list],
      positions: this.s.contract.positions(id),
      ledger: ledger.list,
      kyc: kyc.map((k) => ({
        ...k,
        id: String(k.id),
        submitted_at: Number(k.submitted_at),
        reviewed_at: k.reviewed_at === null ? null : Number(k.reviewed_at),
      })),
      // Support sees the last four digits only: enough to match a caller, useless to a thief.
      cards: cards.map((c) => ({
        id: String(c.id),
        bank_name: c.bank_name,
        card_number: `**** ${c.card_number.slice(-4)}`,
        holder_name: c.holder_name,
        created_at: Number(c.created_at),
      })),
      sessions: sessions.map((t) => ({
        id: String(t.id),
        created_at: Number(t.created_at),
        expires_at: Number(t.expires_at),
      })),
    };
    return detail;
  }

  private async changeUser(
    actor: Actor,
    id: string,
    action: 'user.ban' | 'user.unban' | 'user.revoke_sessions',
    said: { reason: string } | { note: string } | Record<string, never> = {},
  ): Promise<UserSummary> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select([...USER_COLUMNS])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND');
      const sessions = await this.liveSessions(id, trx)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      if (action === 'user.ban' && before.banned_at === null)
        await trx
          .updateTable('users')
          .set({ banned_at: String(this.now()) })
          .where('id', '=', id)
          .execute();
      if (action === 'user.unban' && before.banned_at !== null)
        await trx.updateTable('users').set({ banned_at: null }).where('id', '=', id).execute();
      // A ban ends every session too (the user sees 411), as AccountService.ban always did.
      if (action !== 'user.unban') await this.s.tokens.revokeAll('user', id, trx);
      const after = await trx
        .selectFrom('users')
        .select([...USER_COLUMNS])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const live = Number(sessions.n);
      await writeAudit(
        opsDb(trx as unknown as Db),
        actor,
        {
          action,
          targetType: 'user',
          targetId: id,
          before: { ...toUserSummary(before), sessions: live },
          // Why (a ban's reason, an unban's note): the log is the one place that keeps it (ADR 265).
          after: { ...toUserSummary(after), sessions: action === 'user.unban' ? live : 0, ...said },
        },
        this.now(),
      );
      return toUserSummary(after);
    });
  }

  /** `reason` is required (the route's schema checks it); it is kept in the audit entry only. */
  ban(actor: Actor, id: string, reason: string): Promise<UserSummary> {
    return this.changeUser(actor, id, 'user.ban', { reason });
  }
  unban(actor: Actor, id: string, note?: string): Promise<UserSummary> {
    return this.changeUser(actor, id, 'user.unban', note ? { note } : {});
  }
  revokeSessions(actor: Actor, id: string): Promise<UserSummary> {
    return this.changeUser(actor, id, 'user.revoke_sessions');
  }
}

export { marketSettings };

/**
 * Pause or resume one market: the row, its audit entry (before/after) in one transaction, then
 * the in-memory state the order path reads. Pausing a paused market (or resuming an open one) is
 * refused with 3010 and writes nothing.
 */
export async function setMarketPaused(
  s: Services,
  actor: Actor,
  symbol: string,
  pause: { reason: string } | null,
): Promise<MarketSetting> {
  const config = marketBySymbol(symbol);
  if (!config) throw new AppError('MARKET_NOT_FOUND');
  const odb = opsDb(s.db);
  const now = s.clock.now();
  const find = () => marketSettings(s.engine).find((m) => m.symbol === symbol)!;
  const before = find();
  await odb.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('market_settings')
      .select(['paused_at', 'paused_reason'])
      .where('symbol', '=', symbol)
      .forUpdate()
      .executeTakeFirst();
    const isPaused = row?.paused_at != null;
    if (isPaused === (pause !== null)) throw new AppError('ALREADY_PROCESSED');
    const values = {
      paused_at: pause ? String(now) : null,
      paused_reason: pause ? pause.reason : null,
      updated_at: String(now),
    };
    await trx
      .insertInto('market_settings')
      .values({ symbol, ...values })
      .onConflict((oc) => oc.column('symbol').doUpdateSet(values))
      .execute();
    const after = {
      ...before,
      paused: pause !== null,
      paused_at: pause ? now : null,
      reason: pause?.reason ?? null,
    };
    await writeAudit(
      trx,
      actor,
      {
        action: pause ? 'market.pause' : 'market.resume',
        targetType: 'market',
        targetId: symbol,
        before,
        after,
      },
      now,
    );
  });
  setPaused(s.engine, symbol, pause ? { at: now, reason: pause.reason } : null);
  s.bus.publish('ops', { type: 'market', symbol });
  return find();
}
