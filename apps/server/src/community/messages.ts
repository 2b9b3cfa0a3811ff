import type { AdminMessageSend, Message, MessageDetail, MessagePage, PageQuery } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import { type Selectable, sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { AppError } from '../http/errors.ts';
import type { CommunityDb, MessagesTable } from './tables.ts';
import { isRowId, pickText, summaryOf } from './text.ts';

type Row = Selectable<MessagesTable>;

/** In-app messages: one row per recipient, a broadcast fans out in one statement (ADR 072). */
export class MessageService {
  constructor(
    private readonly db: CommunityDb,
    private readonly clock: Clock,
  ) {}

  async list(userId: string, q: PageQuery, lang: Lang): Promise<MessagePage> {
    const base = this.db.selectFrom('messages').where('user_id', '=', userId);
    const { rows, total } = await fetchPage(base, q, (b) => b.selectAll().orderBy('id', 'desc'));
    return { list: rows.map((r) => item(r, lang)), total, page: q.page, limit: q.limit };
  }

  /** Opens one of the caller's messages and marks it read; anyone else's id is a 404. */
  async open(userId: string, id: string, lang: Lang): Promise<MessageDetail> {
    if (!isRowId(id)) throw new AppError('NOT_FOUND');
    const now = String(this.clock.now());
    // coalesce keeps the first reading time when a message is opened again.
    const row = await this.db
      .updateTable('messages')
      .set({ read_at: sql<string>`coalesce(read_at, ${now})` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const { text } = pickText(row.translations, lang);
    return {
      ...item(row, lang),
      body: text.body,
      read_at: row.read_at === null ? null : Number(row.read_at),
    };
  }

  async readAll(userId: string): Promise<{ marked: number }> {
    const res = await this.db
      .updateTable('messages')
      .set({ read_at: String(this.clock.now()) })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return { marked: Number(res.numUpdatedRows) };
  }

  async unread(userId: string): Promise<{ unread: number }> {
    const r = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { unread: Number(r.n) };
  }

  /** To one existing user, or to every user existing now (later sign-ups do not get it). */
  async send(input: AdminMessageSend): Promise<{ sent: number }> {
    const now = String(this.clock.now());
    const translations = JSON.stringify(input.translations);
    if (input.user_id !== undefined) {
      const user = await this.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', input.user_id)
        .executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      await this.db
        .insertInto('messages')
        .values({ user_id: user.id, translations, broadcast_id: null, created_at: now, read_at: null })
        .execute();
      return { sent: 1 };
    }
    const broadcastId = crypto.randomUUID();
    const res = await sql`
      insert into messages (user_id, translations, broadcast_id, created_at)
      select id, ${translations}::jsonb, ${broadcastId}, ${now}::int8 from users where banned_at is null`.execute(
      this.db,
    );
    return { sent: Number(res.numAffectedRows ?? 0n) };
  }
}

function item(row: Row, lang: Lang): Message {
  const picked = pickText(row.translations, lang);
  return {
    id: row.id,
    title: picked.text.title,
    summary: summaryOf(picked.text.body),
    lang: picked.lang,
    read: row.read_at !== null,
    created_at: Number(row.created_at),
  };
}
