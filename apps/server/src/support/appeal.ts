import { APPEAL_SUBJECT, type AppealRequest } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import { targetOf } from '../account/codes.ts';
import { WindowCounter } from '../account/limiter.ts';
import { findUserByTarget } from '../account/queries.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { addUserMessage, openTicket, type TicketTables } from './tickets.ts';

// A disabled account's way to support (ADR 268): the login refuses a banned user (1003) and every
// ticket route needs a session, so this one takes the account's name instead of a token.

export { APPEAL_SUBJECT };
/** Appeals one client address may send an hour; more is 429 whatever account they name. */
export const APPEALS_PER_CLIENT_PER_HOUR = 5;
/** Appeals that reach one account's ticket a day; more are taken and dropped without a word. */
export const APPEALS_PER_ACCOUNT_PER_DAY = 3;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export class AppealDesk {
  private readonly db;
  private readonly perClient: WindowCounter;
  private readonly perAccount: WindowCounter;

  constructor(
    private readonly plainDb: Db,
    private readonly clock: Clock,
  ) {
    this.db = plainDb.withTables<TicketTables>();
    this.perClient = new WindowCounter(
      plainDb,
      clock,
      'support-appeal-client',
      APPEALS_PER_CLIENT_PER_HOUR,
      HOUR_MS,
    );
    this.perAccount = new WindowCounter(
      plainDb,
      clock,
      'support-appeal-account',
      APPEALS_PER_ACCOUNT_PER_DAY,
      DAY_MS,
    );
  }

  /**
   * Files the appeal as a ticket of the account when it exists and is disabled; otherwise does
   * nothing. Either way the caller hears the same (no account enumeration): the client's hourly
   * budget is spent first, for every call, and the account's daily one whether or not it exists.
   * An account that can log in is not written to: anyone may name any address here, and a
   * stranger's words must not land in an active user's tickets (they open their own in the app).
   * `lang` is the request's language: the ticket keeps it, so support's replies are mailed in it
   * (the subject is stored in the console's language; the user reads it in theirs once unbanned).
   */
  async file(body: AppealRequest, client: string, lang: Lang): Promise<void> {
    if (!(await this.perClient.take(client))) throw new AppError('RATE_LIMITED');
    const target = targetOf(body.type, body.account, body.area_code);
    const withinDay = await this.perAccount.take(target.key);
    const user = await findUserByTarget(this.plainDb, target);
    if (!withinDay || !user || user.banned_at === null) return;
    const now = String(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      // One open appeal per account: a second message joins it instead of queueing another ticket.
      // Found by kind, never by subject: a ticket the user opened under the appeal's subject is theirs.
      const open = await trx
        .selectFrom('support_tickets')
        .select('id')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'appeal')
        .where('status', '<>', 'closed')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const ticketId =
        open?.id ??
        (await openTicket(trx, { userId: user.id, kind: 'appeal', subject: APPEAL_SUBJECT, lang, now }));
      await addUserMessage(trx, { ticketId, body: body.message, image: null, now });
      if (open)
        await trx
          .updateTable('support_tickets')
          .set({ status: 'open', admin_unread: true, lang, updated_at: now })
          .where('id', '=', ticketId)
          .execute();
    });
  }
}
