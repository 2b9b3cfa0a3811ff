import type { AdminPollCreate, Poll } from '@ex/contract';
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

interface PollsTable {
  id: Generated<string>;
  title: string;
  description: string;
  options: string[] | string;
  starts_at: string;
  ends_at: string;
  created_at: string;
}
interface PollVotesTable {
  poll_id: string;
  user_id: string;
  option: number;
  created_at: string;
}
type VoteDb = Kysely<Database & { polls: PollsTable; poll_votes: PollVotesTable }>;

const labels = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

/** Voting (ADR 083): one vote per poll and user (primary key), only inside the poll's window. */
export class VoteService {
  private readonly db: VoteDb;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<{ polls: PollsTable; poll_votes: PollVotesTable }>();
  }

  private async toPolls(rows: Selectable<PollsTable>[], userId: string | null): Promise<Poll[]> {
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
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        options: labels(r.options).map((label, i) => ({
          id: i,
          label,
          votes: Number(counts.find((c) => c.poll_id === r.id && c.option === i)?.n ?? 0),
        })),
        starts_at: start,
        ends_at: end,
        state: now < start ? 'upcoming' : now >= end ? 'closed' : 'open',
        my_option: mine.find((m) => m.poll_id === r.id)?.option ?? null,
      };
    });
  }

  async list(userId: string | null): Promise<Poll[]> {
    const rows = await this.db.selectFrom('polls').selectAll().orderBy('id', 'desc').limit(50).execute();
    return this.toPolls(rows, userId);
  }

  async create(body: AdminPollCreate): Promise<Poll> {
    const row = await this.db
      .insertInto('polls')
      .values({
        title: body.title,
        description: body.description,
        options: JSON.stringify(body.options),
        starts_at: String(body.starts_at),
        ends_at: String(body.ends_at),
        created_at: String(this.clock.now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await this.toPolls([row], null))[0]!;
  }

  async vote(userId: string, pollId: string, option: number): Promise<Poll> {
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
    return (await this.toPolls([poll], userId))[0]!;
  }
}
