import type { Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** The code and scene are kept so the operator console can show what was sent. */
  code: string | null;
  scene: string | null;
}

/** Where verification codes and mails go. */
export interface Sender {
  send(message: OutgoingMessage, db?: Db): Promise<void>;
}

/** Embedded default: every message lands in the `outbox` table, readable at GET /api/admin/outbox. */
export class OutboxSender implements Sender {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(message: OutgoingMessage, db: Db = this.db): Promise<void> {
    await db
      .insertInto('outbox')
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        code: message.code,
        scene: message.scene,
        created_at: String(this.clock.now()),
      })
      .execute();
  }
}

/**
 * Production mail through SMTP (selected when SMTP_URL is set). Text messages still go to the
 * outbox until an SMS provider adapter exists. The outbox row is written too, without the code,
 * so operators see that a mail went out but cannot read codes meant for users.
 */
export class SmtpSender implements Sender {
  constructor(
    private readonly transport: Pick<Transporter, 'sendMail'>,
    private readonly from: string,
    private readonly outbox: OutboxSender,
  ) {}

  async send(message: OutgoingMessage, db?: Db): Promise<void> {
    if (message.channel !== 'email') return this.outbox.send(message, db);
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.body,
    });
    await this.outbox.send({ ...message, code: null, body: '(sent by SMTP)' }, db);
  }
}
