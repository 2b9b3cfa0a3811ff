import type {
  IeoApplication,
  IeoProject,
  IeoProjectCreate,
  IeoProjectTextsUpdate,
  IeoSettlement,
  IeoStatus,
  Page,
  TextPerLang,
} from '@ex/contract';
import { decimal, formatDecimal } from '@ex/core';
import type { Lang } from '@ex/i18n';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { localised, readTexts, textsJson } from '../earn/texts.ts';
import { ASSETS } from '../engine/config.ts';
import { QUOTE } from '../engine/markets.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { failpoint } from '../exchange/failpoints.ts';
import { ceilDiv, isCoin, mustBeOk, pow10, RowMoves, system, unitsOf, userSpot } from '../exchange/money.ts';
import type { EarnDb, IeoApplicationsTable, IeoProjectsTable } from '../exchange/tables.ts';
import { AppError } from '../http/errors.ts';
import type { IeoTextTables } from './migration-texts.ts';

type IeoDb = EarnDb extends Kysely<infer D> ? Kysely<D & IeoTextTables> : never;
type ProjectRow = IeoProjectsTable & {
  id: string;
  cancelled: boolean;
  name_i18n: TextPerLang | string;
  description_i18n: TextPerLang | string;
};
type AppRow = IeoApplicationsTable & { id: string };
const Q = ASSETS[QUOTE]!;

/** USDC for a quantity at a unit price, rounded up (the user pays whole smallest units). */
const cost = (qty: bigint, price: bigint, coinScale: number): bigint =>
  ceilDiv(qty * price, pow10(coinScale));

/**
 * IEO projects and subscriptions (ADR 077). Subscribing moves USDC from the user's spot account into
 * the system `ieo` pool; settlement allots pro rata when oversubscribed, delivers the coin (from the
 * chain account: the issuer's tokens enter custody), pays the proceeds to the treasury and refunds
 * the rest. Every move is an `ieo` ledger entry with an idempotency key per application and step,
 * and a subscription's row is written `pending` before its money (ADR 114): a crash between a move
 * and its row is completed by a re-settle or recover(), and never delivers twice.
 */
export class IeoService {
  /** Each an `ieo` ledger entry, one per (application, step). */
  private readonly moves: RowMoves;
  private readonly db: IeoDb;

  constructor(
    host: EnginePort,
    db: EarnDb,
    edb: EngineDb,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<IeoTextTables>();
    this.moves = new RowMoves(host, edb, 'ieo', 'ieo');
  }

  /** A `pending` subscription: applying once its USDC is in the pool, else dropped. */
  private resolvePending(a: AppRow): Promise<void> {
    return this.moves.resolve(
      a,
      'pay',
      () =>
        this.db
          .updateTable('ieo_applications')
          .set({ status: 'applying' })
          .where('id', '=', a.id)
          .where('status', '=', 'pending')
          .execute(),
      () => this.drop(a),
    );
  }

  private drop(a: AppRow) {
    return this.db.deleteFrom('ieo_applications').where('id', '=', a.id).execute();
  }

  /** After a crash: every `pending` subscription resolved (settlement resumes by re-settling). */
  recover(): Promise<number> {
    return this.moves.recover(
      async () =>
        (await this.db
          .selectFrom('ieo_applications')
          .selectAll()
          .where('status', '=', 'pending')
          .execute()) as AppRow[],
      (a) => this.resolvePending(a),
    );
  }

  status(p: ProjectRow, now = this.clock.now()): IeoStatus {
    if (p.cancelled) return 'cancelled';
    if (p.settled_at !== null) return 'ended';
    if (now < Number(p.start_at)) return 'not_started';
    if (now < Number(p.end_at)) return 'subscribing';
    return 'drawing';
  }

  private async subscribed(projectIds: string[]): Promise<Map<string, bigint>> {
    const m = new Map<string, bigint>();
    if (projectIds.length === 0) return m;
    const rows = await this.db
      .selectFrom('ieo_applications as a')
      .innerJoin('ieo_projects as p', 'p.id', 'a.project_id')
      .select(['a.project_id', 'a.quantity', 'p.coin'])
      .where('a.project_id', 'in', projectIds)
      .execute();
    for (const r of rows)
      m.set(r.project_id, (m.get(r.project_id) ?? 0n) + decimal(r.quantity, ASSETS[r.coin]!));
    return m;
  }

  /**
   * A reader (`lang`) gets name and description in their language, else the texts of record; the
   * operator (no `lang`) gets the texts of record and every language (ADR 243).
   */
  private toProject(p: ProjectRow, sub: bigint, lang?: Lang): IeoProject {
    const text = (record: string, texts: TextPerLang | string) =>
      lang === undefined ? record : localised(record, texts, lang);
    const scale = ASSETS[p.coin]!;
    const issue = decimal(p.issue_amount, scale);
    const pct = issue === 0n ? 0n : (sub * 10_000n) / issue;
    return {
      id: p.id,
      coin: p.coin,
      name: text(p.name, p.name_i18n),
      issue_amount: p.issue_amount,
      unit_price: p.unit_price,
      price_range: p.price_range,
      min_quantity: p.min_quantity,
      max_quantity: p.max_quantity,
      subscribed: formatDecimal(sub, scale),
      progress: formatDecimal(pct > 10_000n ? 10_000n : pct, 2),
      start_at: Number(p.start_at),
      end_at: Number(p.end_at),
      listing_at: Number(p.listing_at),
      announcement_at: Number(p.announcement_at),
      white_paper: p.white_paper,
      expected_return: p.expected_return,
      description: text(p.description, p.description_i18n),
      status: this.status(p),
      ...(lang === undefined
        ? { name_i18n: readTexts(p.name_i18n), description_i18n: readTexts(p.description_i18n) }
        : {}),
    };
  }

  /** Every project, in `lang` for a reader; without `lang` as the operator sees them. */
  async projects(lang?: Lang): Promise<IeoProject[]> {
    const rows = (await this.db
      .selectFrom('ieo_projects')
      .selectAll()
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .execute()) as ProjectRow[];
    const sub = await this.subscribed(rows.map((r) => r.id));
    return rows.map((r) => this.toProject(r, sub.get(r.id) ?? 0n, lang));
  }

  private async row(id: string): Promise<ProjectRow> {
    const p = await this.db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
    if (!p) throw new AppError('NOT_FOUND');
    return p as ProjectRow;
  }

  async project(id: string, lang?: Lang): Promise<IeoProject> {
    const p = await this.row(id);
    return this.toProject(p, (await this.subscribed([id])).get(id) ?? 0n, lang);
  }

  /** Edits the texts (ADR 243); figures and dates stay. The operator's view of the project. */
  async updateTexts(id: string, b: IeoProjectTextsUpdate): Promise<IeoProject> {
    const r = await this.db
      .updateTable('ieo_projects')
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.description !== undefined ? { description: b.description } : {}),
        ...(b.name_i18n !== undefined ? { name_i18n: textsJson(b.name_i18n) } : {}),
        ...(b.description_i18n !== undefined ? { description_i18n: textsJson(b.description_i18n) } : {}),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) throw new AppError('NOT_FOUND');
    return this.project(id);
  }

  async create(b: IeoProjectCreate): Promise<IeoProject> {
    // Delivery is a ledger move, so the coin must be an engine asset (new assets: engine config).
    if (!isCoin(b.coin) || b.coin === QUOTE) {
      throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
    }
    const scale = ASSETS[b.coin]!;
    const issue = unitsOf(b.issue_amount, scale, 'issue_amount');
    const min = unitsOf(b.min_quantity, scale, 'min_quantity');
    const max = unitsOf(b.max_quantity, scale, 'max_quantity');
    if (max < min || max > issue) {
      throw new AppError('VALIDATION', undefined, { max_quantity: ['error.quantity_out_of_range'] });
    }
    const row = (await this.db
      .insertInto('ieo_projects')
      .values({
        coin: b.coin,
        name: b.name,
        issue_amount: formatDecimal(issue, scale),
        unit_price: formatDecimal(decimal(b.unit_price, Q), Q),
        price_range: b.price_range,
        min_quantity: formatDecimal(min, scale),
        max_quantity: formatDecimal(max, scale),
        start_at: String(b.start_at),
        end_at: String(b.end_at),
        listing_at: String(b.listing_at),
        announcement_at: String(b.announcement_at),
        white_paper: b.white_paper,
        expected_return: b.expected_return,
        description: b.description,
        name_i18n: textsJson(b.name_i18n),
        description_i18n: textsJson(b.description_i18n),
        settled_at: null,
        created_at: String(this.clock.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as ProjectRow;
    return this.toProject(row, 0n);
  }

  /** Within the per-user limits, while subscribing; serialised so two requests see each other. */
  subscribe(userId: string, projectId: string, quantity: string, lang?: Lang): Promise<IeoApplication> {
    return this.moves.serial(async () => {
      const p = await this.row(projectId);
      if (this.status(p) !== 'subscribing') throw new AppError('ACTIVITY_UNAVAILABLE');
      const scale = ASSETS[p.coin]!;
      const qty = unitsOf(quantity, scale, 'quantity');
      const mine = await this.db
        .selectFrom('ieo_applications')
        .select('quantity')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
      const already = mine.reduce((s, r) => s + decimal(r.quantity, scale), 0n);
      if (qty < decimal(p.min_quantity, scale) || already + qty > decimal(p.max_quantity, scale)) {
        throw new AppError('QUANTITY_OUT_OF_RANGE');
      }
      const amount = cost(qty, decimal(p.unit_price, Q), scale);
      const row = (await this.db
        .insertInto('ieo_applications')
        .values({
          project_id: projectId,
          user_id: userId,
          quantity: formatDecimal(qty, scale),
          amount: formatDecimal(amount, Q),
          allotted: null,
          paid: null,
          remaining: null,
          status: 'pending',
          created_at: String(this.clock.now()),
          settled_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as AppRow;
      await this.moves.moveOrUndo(row, 'pay', userSpot(userId, QUOTE), system('ieo', QUOTE), amount, () =>
        this.drop(row),
      );
      failpoint('ieo.after-pay');
      await this.resolvePending(row);
      return this.toApplication({ ...row, status: 'applying' }, p, lang);
    });
  }

  private toApplication(a: AppRow, p: ProjectRow, lang?: Lang): IeoApplication {
    return {
      id: a.id,
      project_id: a.project_id,
      coin: p.coin,
      name: lang === undefined ? p.name : localised(p.name, p.name_i18n, lang),
      unit_price: p.unit_price,
      quantity: a.quantity,
      amount: a.amount,
      allotted_quantity: a.allotted,
      paid: a.paid,
      remaining: a.remaining,
      // Lists never show a `pending` row (its payment is not confirmed yet, ADR 114).
      status: a.status as IeoApplication['status'],
      created_at: Number(a.created_at),
      settled_at: a.settled_at === null ? null : Number(a.settled_at),
    };
  }

  async applications(
    userId: string,
    page: number,
    limit: number,
    lang?: Lang,
  ): Promise<Page<IeoApplication>> {
    // Never a `pending` row (its payment is not confirmed yet, ADR 114).
    const base = this.db
      .selectFrom('ieo_applications')
      .where('user_id', '=', userId)
      .where('status', '!=', 'pending');
    const { rows, total } = await fetchPage(base, { page, limit }, (b) =>
      b.selectAll().orderBy('id', 'desc'),
    );
    const ids = [...new Set(rows.map((r) => r.project_id))];
    const projects = ids.length
      ? ((await this.db
          .selectFrom('ieo_projects')
          .selectAll()
          .where('id', 'in', ids)
          .execute()) as ProjectRow[])
      : [];
    const list = rows.map((r) =>
      this.toApplication(r as AppRow, projects.find((p) => p.id === r.project_id)!, lang),
    );
    return { list, total, page, limit };
  }

  /**
   * After `end_at`: allot pro rata (floor) when oversubscribed, deliver, refund. Each application is
   * settled and written on its own, so a rerun after a crash only does the rest.
   */
  settle(projectId: string): Promise<IeoSettlement> {
    return this.moves.serial(async () => {
      const p = await this.row(projectId);
      const st = this.status(p);
      if (st === 'ended' || st === 'cancelled') throw new AppError('ALREADY_PROCESSED');
      if (st !== 'drawing') throw new AppError('ACTIVITY_UNAVAILABLE');
      const scale = ASSETS[p.coin]!;
      const price = decimal(p.unit_price, Q);
      const issue = decimal(p.issue_amount, scale);
      // A subscription interrupted between its payment and its row is resolved first (ADR 114).
      const pending = (await this.db
        .selectFrom('ieo_applications')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('status', '=', 'pending')
        .execute()) as AppRow[];
      for (const a of pending) await this.resolvePending(a);
      const apps = (await this.db
        .selectFrom('ieo_applications')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute()) as AppRow[];
      const total = apps.reduce((s, a) => s + decimal(a.quantity, scale), 0n);
      let allottedSum = 0n;
      let refundedSum = 0n;
      for (const a of apps) {
        if (a.status !== 'applying') continue;
        const qty = decimal(a.quantity, scale);
        // The same inputs give the same split on a re-settle, so each step's key means one amount.
        const allotted = total <= issue ? qty : (qty * issue) / total;
        const amount = decimal(a.amount, Q);
        const paid = allotted === qty ? amount : cost(allotted, price, scale);
        const refund = amount - paid;
        mustBeOk(
          await this.moves.move(a, 'deliver', system('chain', p.coin), userSpot(a.user_id, p.coin), allotted),
        );
        failpoint('ieo.after-deliver');
        mustBeOk(await this.moves.move(a, 'proceeds', system('ieo', QUOTE), system('treasury', QUOTE), paid));
        mustBeOk(
          await this.moves.move(a, 'refund', system('ieo', QUOTE), userSpot(a.user_id, QUOTE), refund),
        );
        await this.db
          .updateTable('ieo_applications')
          .set({
            allotted: formatDecimal(allotted, scale),
            paid: formatDecimal(paid, Q),
            remaining: formatDecimal(refund, Q),
            status: allotted > 0n ? 'completed' : 'cancelled',
            settled_at: String(this.clock.now()),
          })
          .where('id', '=', a.id)
          .execute();
        allottedSum += allotted;
        refundedSum += refund;
      }
      await this.db
        .updateTable('ieo_projects')
        .set({ settled_at: String(this.clock.now()) })
        .where('id', '=', projectId)
        .execute();
      return {
        project_id: projectId,
        applications: apps.length,
        allotted: formatDecimal(allottedSum, scale),
        refunded: formatDecimal(refundedSum, Q),
      };
    });
  }
}
