import type {
  AdminFaqArticle,
  AdminTicket,
  AdminTicketDetail,
  FaqArticle,
  FaqSaveRequest,
  LocalisedText,
  Page,
  Ticket,
  TicketCreateRequest,
  TicketDetail,
  TicketMessage,
  TicketReplyRequest,
  TicketStatus,
} from '@ex/contract';
import { DEFAULT_LANG, type Lang, translateServer } from '@ex/i18n';
import { recordOutbox, type Sender } from '../account/sender.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { fetchPage } from '../db/page.ts';
import { AppError } from '../http/errors.ts';
import { kycDb } from '../kyc/tables.ts';
import { ownsUploads } from '../kyc/uploads.ts';
import { addUserMessage, openTicket, type TicketRow, type TicketTables } from './tickets.ts';

// The support centre (issue 12 item 2, ADR 208): FAQ managed in the console, tickets answered there.

/** Open tickets (not closed) a user may have at once: a flood of tickets is not a way to be heard. */
export const OPEN_TICKETS_MAX = 5;

interface FaqRow {
  id: string;
  title: string;
  body: string;
  position: number;
  published: boolean;
  created_at: string;
  updated_at: string;
}
type SupportTables = { faq_articles: FaqRow } & TicketTables;

const parseText = (s: string): LocalisedText => JSON.parse(s) as LocalisedText;
/** The text in `lang`, else German (the default language), else English. */
const pick = (t: LocalisedText, lang: Lang): string => t[lang] || t.de || t.en || '';

/**
 * A ticket's subject as its user reads it: an appeal's (the server wrote it, ADR 268, in the
 * console's language) in `lang`; any other as the user typed it, the appeal's words included.
 */
export function userSubject(ticket: Pick<TicketRow, 'kind' | 'subject'>, lang: Lang): string {
  return ticket.kind === 'appeal' ? translateServer(lang, 'support.appeal_subject') : ticket.subject;
}

export class SupportService {
  private readonly db;
  private readonly uploads;

  constructor(
    db: Db,
    private readonly clock: Clock,
    /** Delivers replies to a disabled account, which cannot read them in the app (ADR 268). */
    private readonly sender?: Sender,
  ) {
    this.db = db.withTables<SupportTables>();
    this.uploads = kycDb(db);
  }

  // ---- FAQ ----

  async faq(lang: Lang): Promise<FaqArticle[]> {
    const rows = await this.db
      .selectFrom('faq_articles')
      .selectAll()
      .where('published', '=', true)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      title: pick(parseText(r.title), lang),
      body: pick(parseText(r.body), lang),
      position: r.position,
      updated_at: Number(r.updated_at),
    }));
  }

  private toAdminFaq(r: FaqRow): AdminFaqArticle {
    return {
      id: String(r.id),
      title: parseText(r.title),
      body: parseText(r.body),
      position: r.position,
      published: r.published,
      updated_at: Number(r.updated_at),
    };
  }

  async adminFaq(): Promise<AdminFaqArticle[]> {
    const rows = await this.db
      .selectFrom('faq_articles')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => this.toAdminFaq(r));
  }

  async saveFaq(id: string | undefined, body: FaqSaveRequest): Promise<AdminFaqArticle> {
    const now = String(this.clock.now());
    const values = {
      title: JSON.stringify(body.title),
      body: JSON.stringify(body.body),
      position: body.position,
      published: body.published,
      updated_at: now,
    };
    const row =
      id === undefined
        ? await this.db
            .insertInto('faq_articles')
            .values({ ...values, created_at: now } as never)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await this.db
            .updateTable('faq_articles')
            .set(values)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return this.toAdminFaq(row);
  }

  async deleteFaq(id: string): Promise<void> {
    const r = await this.db.deleteFrom('faq_articles').where('id', '=', id).executeTakeFirst();
    if (r.numDeletedRows !== 1n) throw new AppError('NOT_FOUND');
  }

  // ---- tickets ----

  /** The operator reads the subject as stored; the user in `lang` when the server wrote it. */
  private toTicket(r: TicketRow, side: 'user' | 'operator', lang?: Lang): Ticket {
    return {
      id: String(r.id),
      subject: side === 'user' && lang !== undefined ? userSubject(r, lang) : r.subject,
      status: r.status,
      unread: side === 'user' ? r.user_unread : r.admin_unread,
      created_at: Number(r.created_at),
      updated_at: Number(r.updated_at),
    };
  }

  private async messages(ticketId: string, side: 'user' | 'operator'): Promise<TicketMessage[]> {
    const rows = await this.db
      .selectFrom('support_messages')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .orderBy('id')
      .execute();
    return rows.map((m) => ({
      id: String(m.id),
      from: m.author,
      body: m.body,
      // The user reads their own private upload; the operator through the ticket's image route.
      image_url:
        m.image === null
          ? null
          : side === 'user'
            ? m.image
            : `/api/admin/support/tickets/${ticketId}/images/${m.image}`,
      created_at: Number(m.created_at),
    }));
  }

  /** The caller's own ticket; anyone else's id answers 404 like an unknown one. */
  private async own(userId: string, id: string): Promise<TicketRow> {
    const row = await this.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async checkImage(userId: string, image: string | undefined): Promise<void> {
    if (image !== undefined && !(await ownsUploads(this.uploads, userId, [image]))) {
      throw new AppError('IMAGE_NOT_FOUND');
    }
  }

  async tickets(userId: string, page: number, limit: number, lang: Lang): Promise<Page<Ticket>> {
    const base = this.db.selectFrom('support_tickets').where('user_id', '=', userId);
    const { rows, total } = await fetchPage(base, { page, limit }, (b) =>
      b.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
    );
    return { list: rows.map((r) => this.toTicket(r, 'user', lang)), total, page, limit };
  }

  async unread(userId: string): Promise<{ count: number }> {
    const r = await this.db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('user_unread', '=', true)
      .executeTakeFirstOrThrow();
    return { count: Number(r.n) };
  }

  /** Opens a ticket written in `lang` (the request's language). */
  async create(userId: string, body: TicketCreateRequest, lang: Lang): Promise<TicketDetail> {
    await this.checkImage(userId, body.image);
    const open = await this.db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '<>', 'closed')
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= OPEN_TICKETS_MAX) throw new AppError('TICKET_LIMIT', { max: OPEN_TICKETS_MAX });
    const now = String(this.clock.now());
    const id = await this.db.transaction().execute(async (trx) => {
      const ticketId = await openTicket(trx, { userId, kind: 'ticket', subject: body.subject, lang, now });
      await addUserMessage(trx, { ticketId, body: body.body, image: body.image ?? null, now });
      return ticketId;
    });
    return this.ticket(userId, id, lang);
  }

  /** Opening the ticket marks the operator's replies read (the unread dot goes). */
  async ticket(userId: string, id: string, lang: Lang): Promise<TicketDetail> {
    let row = await this.own(userId, id);
    if (row.user_unread) {
      row =
        (await this.db
          .updateTable('support_tickets')
          .set({ user_unread: false })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst()) ?? row;
    }
    return { ...this.toTicket(row, 'user', lang), messages: await this.messages(id, 'user') };
  }

  /** The user's message on their ticket, written in `lang`: what the server writes them next is too. */
  async reply(userId: string, id: string, body: TicketReplyRequest, lang: Lang): Promise<TicketDetail> {
    const row = await this.own(userId, id);
    if (row.status === 'closed') throw new AppError('TICKET_CLOSED');
    await this.checkImage(userId, body.image);
    await this.addMessage(id, 'user', null, body, { status: 'open', admin_unread: true, lang });
    return this.ticket(userId, id, lang);
  }

  private async addMessage(
    ticketId: string,
    author: 'user' | 'operator',
    adminId: string | null,
    body: TicketReplyRequest,
    next: Partial<Pick<TicketRow, 'status' | 'user_unread' | 'admin_unread' | 'lang'>>,
  ): Promise<void> {
    const now = String(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('support_messages')
        .values({
          ticket_id: ticketId,
          author,
          admin_id: adminId,
          body: body.body,
          image: body.image ?? null,
          created_at: now,
        } as never)
        .execute();
      await trx
        .updateTable('support_tickets')
        .set({ ...next, updated_at: now })
        .where('id', '=', ticketId)
        .execute();
    });
  }

  // ---- console ----

  async adminTickets(
    status: TicketStatus | undefined,
    page: number,
    limit: number,
  ): Promise<Page<AdminTicket>> {
    let base = this.db.selectFrom('support_tickets');
    if (status !== undefined) base = base.where('status', '=', status);
    const { rows, total } = await fetchPage(base, { page, limit }, (b) =>
      b.selectAll().orderBy('admin_unread', 'desc').orderBy('updated_at', 'desc'),
    );
    const accounts = await this.accounts(rows.map((r) => String(r.user_id)));
    return {
      list: rows.map((r) => this.toAdminTicket(r, accounts)),
      total,
      page,
      limit,
    };
  }

  /** The console's row: whose, how it came (an appeal is marked by kind) and the language to reply in. */
  private toAdminTicket(r: TicketRow, accounts: Map<string, string | null>): AdminTicket {
    return {
      ...this.toTicket(r, 'operator'),
      user_id: String(r.user_id),
      user_account: accounts.get(String(r.user_id)) ?? null,
      kind: r.kind,
      lang: r.lang,
    };
  }

  private async accounts(ids: string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'phone', 'area_code'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(
      users.map((u) => [
        String(u.id),
        u.email ?? (u.phone ? `${u.area_code ?? ''} ${u.phone}`.trim() : null),
      ]),
    );
  }

  /** The console's view; reading it marks the user's messages read for the operators. */
  async adminTicket(id: string, markRead = true): Promise<AdminTicketDetail> {
    let row = await this.db.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    if (markRead && row.admin_unread) {
      row =
        (await this.db
          .updateTable('support_tickets')
          .set({ admin_unread: false })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst()) ?? row;
    }
    const accounts = await this.accounts([String(row.user_id)]);
    return { ...this.toAdminTicket(row, accounts), messages: await this.messages(id, 'operator') };
  }

  /** An operator's reply: the ticket becomes answered and the user sees the unread dot. */
  async adminReply(id: string, adminId: string, body: TicketReplyRequest): Promise<AdminTicketDetail> {
    const row = await this.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status === 'closed') throw new AppError('TICKET_CLOSED');
    // Operators attach nothing of a user's: an image on a console reply is not supported.
    if (body.image !== undefined) throw new AppError('IMAGE_NOT_FOUND');
    await this.addMessage(id, 'operator', adminId, body, { status: 'answered', user_unread: true });
    await this.deliverToDisabled(row, body.body);
    return this.adminTicket(id);
  }

  /**
   * A disabled account cannot log in to read a reply (its appeal came through the login screen,
   * ADR 268), so the reply also goes to the account's own address: its e-mail, else its phone. Only
   * there, never to an address someone typed: the appeal form takes any name, the answer reaches
   * the owner. The reply stays in the ticket either way; a failed delivery does not undo it. The
   * mail is in the language the user last wrote the ticket in (the operator's words as written):
   * its subject, a closing line on why it comes and how to write back, the anti-phishing line.
   */
  private async deliverToDisabled(ticket: TicketRow, text: string): Promise<void> {
    if (!this.sender) return;
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'phone', 'area_code', 'banned_at'])
      .where('id', '=', ticket.user_id)
      .executeTakeFirst();
    if (!user || user.banned_at === null) return;
    const to = user.email ?? (user.phone ? `${user.area_code ?? ''} ${user.phone}`.trim() : null);
    if (!to) return;
    const lang = ticket.lang ?? DEFAULT_LANG;
    try {
      const kept = await this.sender.deliver({
        channel: user.email ? 'email' : 'sms',
        to,
        subject: translateServer(lang, 'mail.support_reply_subject', {
          subject: userSubject(ticket, lang),
        }),
        body: `${text}\n\n${translateServer(lang, 'mail.support_reply_footer')}`,
        code: null,
        scene: 'support_reply',
        lang,
      });
      await recordOutbox(this.db as unknown as Db, this.clock, kept);
    } catch {
      // The provider refused: the reply is kept in the ticket and the operator can send it again.
    }
  }

  async adminClose(id: string): Promise<AdminTicketDetail> {
    const r = await this.db
      .updateTable('support_tickets')
      .set({ status: 'closed', updated_at: String(this.clock.now()) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (r.numUpdatedRows !== 1n) throw new AppError('NOT_FOUND');
    return this.adminTicket(id);
  }

  /** The private upload `image` if a message of ticket `id` carries it (the operator's image route). */
  async ticketImage(id: string, image: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('support_messages')
      .select('image')
      .where('ticket_id', '=', id)
      .where('image', '=', image)
      .executeTakeFirst();
    return row?.image ?? undefined;
  }
}
