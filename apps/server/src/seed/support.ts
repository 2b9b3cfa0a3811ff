// The demo's support tickets (ADR 256): /Support and the console's support section showed no
// conversation on a fresh embedded default. The demo writes two tickets in German (the demo's
// language) through SupportService, as the app's form does, with the clock set back like the other
// seeds: five days ago a question about its AI interest, answered by the operator three hours later
// (the reply in the audit log as the console's call leaves it, seed/operator.ts) and read by the
// demo; an hour ago a question about its stake under review, still open in the console's queue.

import { AdminTicketDetail, TicketCreateRequest, TicketReplyRequest } from '@ex/contract';
import type { Clock } from '../clock.ts';
import type { Services } from '../deps.ts';
import { SupportService } from '../support/service.ts';
import { asOperator, type SeedOperator } from './operator.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (ms: number): Clock => ({ now: () => ms });

interface DemoTicket {
  subject: string;
  body: string;
  agoMs: number;
  /** The operator's answer, `afterMs` after the ticket; the demo opened it an hour later. */
  answer?: { body: string; afterMs: number };
}

export const DEMO_TICKETS: DemoTicket[] = [
  {
    subject: 'Wann werden die Zinsen von KI-Quant gutgeschrieben?',
    body:
      'Hallo, ich habe gestern 1.000 USDC in „KI-Quant Flexibel“ gezeichnet. Wann werden die Zinsen ' +
      'gutgeschrieben, und kann ich das Geld jederzeit wieder zurücknehmen?',
    agoMs: 5 * DAY_MS,
    answer: {
      body:
        'Guten Tag, vielen Dank für Ihre Nachricht. Bei KI-Quant Flexibel fallen die Zinsen täglich an: ' +
        'Nach Ablauf jedes Tages (UTC) wird der Tageszins Ihrer Zeichnung gutgeschrieben, Sie sehen ihn ' +
        'unter KI-Quant > Verlauf. Ein flexibles Produkt können Sie jederzeit ohne Gebühr zurücknehmen; ' +
        'Betrag und Zinsen gehen dann auf Ihr Spot-Konto. Freundliche Grüße, Ihr Support-Team',
      afterMs: 3 * HOUR_MS,
    },
  },
  {
    subject: 'Staking noch in Prüfung',
    body:
      'Hallo, ich habe vor einer Stunde 200 USDC in „USDC Stabil 30 Tage“ gestakt. Der Stake steht ' +
      'noch auf „In Prüfung“. Wie lange dauert die Prüfung normalerweise?',
    agoMs: HOUR_MS,
  },
];

/**
 * Seeds the demo's tickets once, with the operator who answers. False when the demo has a ticket
 * already (a restart, or a demo who wrote one). The inputs are fixed, so a refusal is a bug and
 * stops the start loudly, as in world.ts.
 */
export async function seedSupport(s: Services, demoId: string, operator: SeedOperator): Promise<boolean> {
  const any = await s.db
    .withTables<{ support_tickets: { id: string; user_id: string } }>()
    .selectFrom('support_tickets')
    .select('id')
    .where('user_id', '=', demoId)
    .limit(1)
    .executeTakeFirst();
  if (any !== undefined) return false;
  const support = (ms: number) => new SupportService(s.db, at(ms));
  const now = s.clock.now();
  for (const t of DEMO_TICKETS) {
    const openedAt = now - t.agoMs;
    const ticket = await support(openedAt).create(
      demoId,
      TicketCreateRequest.parse({ subject: t.subject, body: t.body }),
      'de',
    );
    if (t.answer === undefined) continue;
    const answeredAt = openedAt + t.answer.afterMs;
    const body = TicketReplyRequest.parse({ body: t.answer.body });
    await asOperator(
      s,
      operator,
      answeredAt,
      { url: '/api/admin/support/tickets/:id/reply', id: ticket.id },
      () => support(answeredAt).adminReply(ticket.id, operator.id, body),
      (detail) => AdminTicketDetail.parse(detail),
    );
    // The demo read the answer: no unread dot is left over from the seed.
    await support(answeredAt + HOUR_MS).ticket(demoId, ticket.id, 'de');
  }
  return true;
}
