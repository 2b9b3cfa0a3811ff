import type { AdminPollCreate, AdminPollUpdate, Poll, TextPerLang } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { localised, readTexts, type TextsColumn, textsJson } from '../earn/texts.ts';
import { AppError } from '../http/errors.ts';

interface PollsTable {
  id: Generated<string>;
  title: string;
  description: string;
  options: string[] | string;
  starts_at: string;
  ends_at: string;
  created_at: string;
  /** Migration 0780_vote_texts: the texts per language (ADR 243); options one map each. */
  title_i18n: TextsColumn;
  description_i18n: TextsColumn;
  options_i18n: ColumnType<TextPerLang[] | string, string | undefined, string>;
}
interface PollVotesTable {
  poll_id: string;
  user_id: string;
  option: number;
  created_at: string;
}
type VoteDb = Kysely<Database & { polls: PollsTable; poll_votes: PollVotesTable }>;

const labels = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);
const optionTexts = (v: TextPerLang[] | string): TextPerLang[] =>
  typeof v === 'string' ? (JSON.parse(v) as TextPerLang[]) : v;

/** Voting (ADR 083): one vote per poll and user (primary key), only inside the poll's window. */
export class VoteService {
  private readonly db: VoteDb;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<{ polls: PollsTable; poll_votes: PollVotesTable }>();
  }

  /**
   * A reader (`lang`) gets the texts in their language, else the texts of record; the operator (no
   * `lang`) gets the texts of record and every language (ADR 243).
   */
  private async toPolls(rows: Selectable<PollsTable>[], userId: string | null, lang?: Lang): Promise<Poll[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const counts = await this.db
      .selectFrom('poll_votes')
      .select(['poll_id', 'option', (eb) => eb.fn.countAll<string>().as('n')])
      .where('poll_id', 'in', ids)
      .groupBy(['poll_id', 'option'])
      .execute();
    const mine =
      userId === null
        ? []
        : await this.db
            .selectFrom('poll_votes')
            .select(['poll_id', 'option'])
            .where('poll_id', 'in', ids)
            .where('user_id', '=', userId)
            .execute();
    const now = this.clock.now();
    return rows.map((r) => {
      const start = Number(r.starts_at);
      const end = Number(r.ends_at);
      const perOption = optionTexts(r.options_i18n);
      const text = (record: string, texts: TextPerLang | string | undefined) =>
        lang === undefined ? record : localised(record, texts, lang);
      return {
        id: r.id,
        title: text(r.title, r.title_i18n),
        description: text(r.description, r.description_i18n),
        options: labels(r.options).map((label, i) => ({
          id: i,
          label: text(label, perOption[i]),
          votes: Number(counts.find((c) => c.poll_id === r.id && c.option === i)?.n ?? 0),
        })),
        starts_at: start,
        ends_at: end,
        state: now < start ? 'upcoming' : now >= end ? 'closed' : 'open',
        my_option: mine.find((m) => m.poll_id === r.id)?.option ?? null,
        ...(lang === undefined
          ? {
              title_i18n: readTexts(r.title_i18n),
              description_i18n: readTexts(r.description_i18n),
              options_i18n: perOption,
            }
          : {}),
      };
    });
  }

  /** The newest 50 polls, in `lang` for a reader; without `lang` as the operator sees them. */
  async list(userId: string | null, lang?: Lang): Promise<Poll[]> {
    const rows = await this.db.selectFrom('polls').selectAll().orderBy('id', 'desc').limit(50).execute();
    return this.toPolls(rows, userId, lang);
  }

  async create(body: AdminPollCreate): Promise<Poll> {
    const row = await this.db
      .insertInto('polls')
      .values({
        title: body.title,
        description: body.description,
        options: JSON.stringify(body.options),
        title_i18n: textsJson(body.title_i18n),
        description_i18n: textsJson(body.description_i18n),
        options_i18n: JSON.stringify(body.options_i18n ?? []),
        starts_at: String(body.starts_at),
        ends_at: String(body.ends_at),
        created_at: String(this.clock.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await this.toPolls([row], null))[0]!;
  }

  /** Edits the texts (ADR 243); options and the window stay. The operator's view of the poll. */
  async update(id: string, body: AdminPollUpdate): Promise<Poll> {
    const row = await this.db.transaction().execute(async (trx) => {
      const poll = await trx
        .selectFrom('polls')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (poll === undefined) throw new AppError('NOT_FOUND');
      if (body.options_i18n !== undefined && body.options_i18n.length !== labels(poll.options).length) {
        throw new AppError('VALIDATION', undefined, { options_i18n: ['validation.invalid_format'] });
      }
      return trx
        .updateTable('polls')
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.title_i18n !== undefined ? { title_i18n: textsJson(body.title_i18n) } : {}),
          ...(body.description_i18n !== undefined
            ? { description_i18n: textsJson(body.description_i18n) }
            : {}),
          ...(body.options_i18n !== undefined ? { options_i18n: JSON.stringify(body.options_i18n) } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    // The counts are read after the commit: one connection (PGlite) serves one transaction at a time.
    return (await this.toPolls([row], null))[0]!;
  }

  async vote(userId: string, pollId: string, option: number, lang?: Lang): Promise<Poll> {
    const poll = await this.db.selectFrom('polls').selectAll().where('id', '=', pollId).executeTakeFirst();
    if (poll === undefined) throw new AppError('NOT_FOUND');
    if (option >= labels(poll.options).length) {
      throw new AppError('VALIDATION', undefined, { option: ['validation.invalid_format'] });
    }
    const now = this.clock.now();
    if (now < Number(poll.starts_at) || now >= Number(poll.ends_at))
      throw new AppError('ACTIVITY_UNAVAILABLE');
    const r = await this.db
      .insertInto('poll_votes')
      .values({ poll_id: pollId, user_id: userId, option, created_at: String(now) })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (r.numInsertedOrUpdatedRows === 0n) throw new AppError('ALREADY_VOTED');
    return (await this.toPolls([poll], userId, lang))[0]!;
  }
}
