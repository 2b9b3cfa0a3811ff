import type { Lang } from '@ex/i18n';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** The code and scene are kept so the operator console can show what was sent. */
  code: string | null;
  scene: string | null;
  /** The language the message is written in (the anti-phishing line follows it, ADR 206). */
  lang?: Lang;
}

/**
 * Where verification codes go (ADR 007). `deliver` runs BEFORE the code is stored and outside any
 * transaction, so a slow provider holds no database connection and a refused delivery leaves
 * nothing behind. It throws `AppError('SEND_FAILED' | 'PHONE_UNREACHABLE')` when the provider
 * refuses, and otherwise resolves to the copy the outbox table keeps: the whole message for the
 * embedded outbox (the row IS the delivery), a note without the code for real providers.
 */
export interface Sender {
  deliver(message: OutgoingMessage): Promise<OutgoingMessage>;
}

/** The embedded default: nothing leaves the process; the outbox row written by the caller is all. */
export const outboxSender: Sender = { deliver: async (message) => message };

/** The audit/outbox row of one delivery, written inside the transaction that stores the code. */
export async function recordOutbox(db: Db, clock: Clock, message: OutgoingMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      code: message.code,
      scene: message.scene,
      created_at: String(clock.now()),
    })
    .execute();
}

/** Warnings about provider failures; the composition root passes the pino logger. */
export type SenderLog = (details: Record<string, unknown>, message: string) => void;

const quiet: SenderLog = () => {};

/** Operators see that a message went out, but not the code meant for the user. */
function redacted(message: OutgoingMessage, note: string): OutgoingMessage {
  return { ...message, code: null, body: note };
}

/** Production mail through SMTP (selected when SMTP_URL is set). */
export class SmtpSender implements Sender {
  constructor(
    private readonly transport: Pick<Transporter, 'sendMail'>,
    private readonly from: string,
    private readonly log: SenderLog = quiet,
  ) {}

  async deliver(message: OutgoingMessage): Promise<OutgoingMessage> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
    } catch (error) {
      // The transport's error may quote the server's banner or credentials hints: log, never answer.
      this.log({ err: error, channel: 'email' }, 'SMTP delivery failed');
      throw new AppError('SEND_FAILED');
    }
    return redacted(message, '(sent by SMTP)');
  }
}

export interface TwilioOptions {
  /** Base URL of the API host, e.g. https://api.twilio.com (a test server in tests). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** An E.164 number, an alphanumeric sender id, or a Messaging Service SID (`MG...`). */
  from: string;
  /** Abort the provider call after this long (default 10 s): the user is waiting on the form. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: SenderLog;
}

/**
 * Twilio errors that mean "this number cannot get an SMS" (the user can fix the input), as opposed
 * to outages, credentials or account limits (the operator must act).
 * 21211 invalid To, 21214 To not reachable, 21612 cannot route, 21614 not a mobile number,
 * 21408 region not enabled, 21610 recipient unsubscribed.
 */
const UNREACHABLE_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614]);

/**
 * `+49 01701234567` -> `+491701234567`. The national trunk prefix 0 is dropped, except for Italy,
 * where the leading 0 belongs to the number.
 */
export function toE164(address: string): string {
  const strip = (text: string) => text.replace(/[\s\-().]/g, '');
  // Targets are "<area code> <national number>"; split before compacting, the area code length varies.
  const match = /^(\+\d{1,4})\s+(.+)$/.exec(address.trim());
  if (!match) return strip(address);
  const area = match[1] ?? '';
  const national = strip(match[2] ?? '');
  return area !== '+39' && national.startsWith('0') ? area + national.slice(1) : area + national;
}

/** Text messages through the Twilio Messages REST API (or any gateway speaking it). */
export class TwilioSmsSender implements Sender {
  private readonly fetch: typeof fetch;
  private readonly log: SenderLog;

  constructor(private readonly options: TwilioOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.log = options.log ?? quiet;
  }

  async deliver(message: OutgoingMessage): Promise<OutgoingMessage> {
    const { baseUrl, accountSid, authToken, from } = this.options;
    const url = new URL(
      `2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    );
    const form = new URLSearchParams({ To: toE164(message.to), Body: message.body });
    if (/^MG[0-9a-fA-F]{32}$/.test(from)) form.set('MessagingServiceSid', from);
    else form.set('From', from);

    let response: Response;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        redirect: 'error',
      });
    } catch (error) {
      this.log({ err: error, channel: 'sms', host: url.host }, 'SMS gateway unreachable');
      throw new AppError('SEND_FAILED');
    }

    const text = await response.text().catch(() => '');
    let payload: { sid?: unknown; code?: unknown; message?: unknown } = {};
    try {
      payload = text ? (JSON.parse(text) as typeof payload) : {};
    } catch {
      // A proxy's HTML error page: the status alone decides.
    }
    if (!response.ok) {
      const providerCode = typeof payload.code === 'number' ? payload.code : undefined;
      this.log(
        {
          channel: 'sms',
          status: response.status,
          providerCode,
          providerMessage: typeof payload.message === 'string' ? payload.message.slice(0, 200) : undefined,
        },
        'SMS gateway refused the message',
      );
      if (providerCode !== undefined && UNREACHABLE_CODES.has(providerCode)) {
        throw new AppError('PHONE_UNREACHABLE');
      }
      throw new AppError('SEND_FAILED');
    }
    const sid = typeof payload.sid === 'string' ? payload.sid.slice(0, 64) : 'unknown';
    return redacted(message, `(sent by SMS, ${sid})`);
  }
}

/** Routes each message to the adapter of its channel (e-mail codes and phone codes differ). */
export class ChannelSender implements Sender {
  constructor(private readonly routes: { email: Sender; sms: Sender }) {}

  deliver(message: OutgoingMessage): Promise<OutgoingMessage> {
    return this.routes[message.channel].deliver(message);
  }
}
