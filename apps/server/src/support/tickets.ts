import type { TicketKind, TicketStatus } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import type { Transaction } from 'kysely';

// The support tables' rows and the writes of a user's message, shared by the ticket desk
// (service.ts) and a disabled account's appeal (appeal.ts).

export interface TicketRow {
  id: string;
  user_id: string;
  subject: string;
  /** `appeal`: filed by a disabled account's appeal (ADR 268, migration 0840); never by its subject. */
  kind: TicketKind;
  status: TicketStatus;
  user_unread: boolean;
  admin_unread: boolean;
  /** The language the user writes in (migration 0830); null on older tickets: the default one. */
  lang: Lang | null;
  created_at: string;
  updated_at: string;
}
export interface MessageRow {
  id: string;
  ticket_id: string;
  author: 'user' | 'operator';
  admin_id: string | null;
  body: string;
  image: string | null;
  created_at: string;
}
export type TicketTables = { support_tickets: TicketRow; support_messages: MessageRow };

const tables = <DB extends TicketTables>(trx: Transaction<DB>) => trx as unknown as Transaction<TicketTables>;

/** A new open ticket of `userId`, unread by the operators; its id. */
export async function openTicket<DB extends TicketTables>(
  trx: Transaction<DB>,
  t: { userId: string; kind: TicketKind; subject: string; lang: Lang; now: string },
): Promise<string> {
  const row = await tables(trx)
    .insertInto('support_tickets')
    .values({
      user_id: t.userId,
      kind: t.kind,
      subject: t.subject,
      status: 'open',
      user_unread: false,
      admin_unread: true,
      lang: t.lang,
      created_at: t.now,
      updated_at: t.now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** The user's message on a ticket. */
export async function addUserMessage<DB extends TicketTables>(
  trx: Transaction<DB>,
  m: { ticketId: string; body: string; image: string | null; now: string },
): Promise<void> {
  await tables(trx)
    .insertInto('support_messages')
    .values({
      ticket_id: m.ticketId,
      author: 'user',
      admin_id: null,
      body: m.body,
      image: m.image,
      created_at: m.now,
    } as never)
    .execute();
}
