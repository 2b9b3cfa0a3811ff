import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeScene } from '@ex/contract';
import { type Lang, translateServer } from '@ex/i18n';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { WindowCounter } from './limiter.ts';
import { recordOutbox, type Sender } from './sender.ts';
import { sha256 } from './tokens.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** How many codes may go out, against SMS pumping (issue 7 item 16, ADR 104). */
export interface CodeSendLimits {
  perTargetPerHour: number;
  perTargetPerDay: number;
  /** Text messages per country calling code (`+49`) per hour, all numbers together. */
  perAreaCodePerHour: number;
  /** Codes per client address (IPv6 /64) per hour, and per device id when the app sends one. */
  perClientPerHour: number;
}

export const DEFAULT_CODE_SEND_LIMITS: CodeSendLimits = {
  perTargetPerHour: 5,
  perTargetPerDay: 10,
  perAreaCodePerHour: 300,
  perClientPerHour: 20,
};

/** Who asks for a code: the client address key and the app's device id, when known. */
export interface Requester {
  client?: string;
  device?: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Where a code goes: an e-mail address or an international phone number. */
export interface Target {
  channel: 'email' | 'sms';
  /** Normalised, e.g. `email:a@b.de` or `phone:+49 1701234567`. */
  key: string;
  address: string;
}

export function targetOf(type: 'email' | 'phone', account: string, areaCode?: string | null): Target {
  if (type === 'email') {
    const address = account.trim().toLowerCase();
    return { channel: 'email', key: `email:${address}`, address };
  }
  const address = `${areaCode ?? ''} ${account}`.trim();
  return { channel: 'sms', key: `phone:${address}`, address };
}

/**
 * Six-digit codes: stored hashed, valid 10 minutes, single-use, five tries, one send per target
 * every 60 s and at most a few per hour and day; SMS capped per country code; sends per client and
 * device capped (ADR 104). The per-target rules read the table under a per-target lock, so they
 * hold across restarts, nodes and parallel requests.
 */
export class CodeService {
  private readonly perClient: WindowCounter;
  private readonly perDevice: WindowCounter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: Sender,
    private readonly limits: CodeSendLimits = DEFAULT_CODE_SEND_LIMITS,
  ) {
    this.perClient = new WindowCounter(db, clock, 'code-sends-client', limits.perClientPerHour, HOUR_MS);
    this.perDevice = new WindowCounter(db, clock, 'code-sends-device', limits.perClientPerHour, HOUR_MS);
  }

  /**
   * Sends a code. `deliver: false` does every step but the delivery (an unknown account asking for a
   * reset): same answer, same limits, same database work, so the reply does not tell whether the
   * account exists (issue 7 item 10).
   */
  async send(
    target: Target,
    scene: CodeScene,
    lang: Lang,
    requester: Requester = {},
    deliver = true,
  ): Promise<void> {
    if (requester.client !== undefined && !(await this.perClient.take(requester.client))) {
      throw new AppError('CODE_SEND_LIMIT');
    }
    if (requester.device !== undefined && !(await this.perDevice.take(requester.device))) {
      throw new AppError('CODE_SEND_LIMIT');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const reservedId = await this.reserve(target, scene, code);
    // Delivery outside the transaction: a refused or timed-out delivery removes the reservation,
    // so older codes stay valid and the 60 s resend timer does not start (ADR 007).
    let kept: Awaited<ReturnType<Sender['deliver']>> | undefined;
    if (deliver) {
      try {
        kept = await this.sender.deliver({
          channel: target.channel,
          to: target.address,
          subject: translateServer(lang, 'mail.code_subject'),
          body: translateServer(lang, 'mail.code_body', { code }),
          code,
          lang,
          scene,
        });
      } catch (error) {
        await this.db.deleteFrom('verification_codes').where('id', '=', reservedId).execute();
        throw error;
      }
    }
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // A new code replaces older unused ones of the same scene.
      await trx
        .updateTable('verification_codes')
        .set({ used_at: String(now) })
        .where('target', '=', target.key)
        .where('scene', '=', scene)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .updateTable('verification_codes')
        .set({ used_at: null })
        .where('id', '=', reservedId)
        .execute();
      if (kept) await recordOutbox(trx, this.clock, kept);
    });
  }

  /**
   * Checks the send limits and stores the code as not yet usable (`used_at` set), all under
   * transaction-scoped advisory locks on the target and, for SMS, on its country code: two parallel
   * sends to one number cannot both see "no code in the last 60 s" (one SMS each, issue 7 item 16).
   */
  private async reserve(target: Target, scene: CodeScene, code: string): Promise<string> {
    const now = this.clock.now();
    const areaCode = target.channel === 'sms' ? /^\+\d+/.exec(target.address)?.[0] : undefined;
    return this.db.transaction().execute(async (trx) => {
      if (areaCode !== undefined) {
        await sql`select pg_advisory_xact_lock(hashtext(${`code-area:${areaCode}`}))`.execute(trx);
      }
      await sql`select pg_advisory_xact_lock(hashtext(${`code:${target.key}`}))`.execute(trx);
      const recent = await trx
        .selectFrom('verification_codes')
        .select(['created_at'])
        .where('target', '=', target.key)
        .where('created_at', '>', String(now - DAY_MS))
        .orderBy('created_at', 'desc')
        .execute();
      const last = recent[0];
      if (last && now - Number(last.created_at) < CODE_RESEND_MS) {
        const seconds = Math.ceil((CODE_RESEND_MS - (now - Number(last.created_at))) / 1000);
        throw new AppError('CODE_SEND_TOO_OFTEN', { seconds });
      }
      const lastHour = recent.filter((r) => now - Number(r.created_at) < HOUR_MS).length;
      if (lastHour >= this.limits.perTargetPerHour || recent.length >= this.limits.perTargetPerDay) {
        throw new AppError('CODE_SEND_LIMIT');
      }
      if (areaCode !== undefined) {
        const region = await trx
          .selectFrom('verification_codes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('target', 'like', `phone:${areaCode} %`)
          .where('created_at', '>', String(now - HOUR_MS))
          .executeTakeFirstOrThrow();
        if (Number(region.n) >= this.limits.perAreaCodePerHour) throw new AppError('CODE_REGION_LIMIT');
      }
      const row = await trx
        .insertInto('verification_codes')
        .values({
          target: target.key,
          scene,
          code_hash: sha256(code),
          created_at: String(now),
          expires_at: String(now + CODE_TTL_MS),
          used_at: String(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /**
   * Checks a code without using it up and returns its id. Every try claims one of the code's five
   * attempts in one statement (`attempts = attempts + 1 ... where attempts < 5 returning`) BEFORE
   * the comparison, so fifty parallel guesses get five comparisons, not fifty (issue 7 item 6).
   * Call `consume` inside the transaction that acts on it.
   */
  async verify(targets: Target[], scene: CodeScene, code: string): Promise<string> {
    const keys = targets.map((t) => t.key);
    if (keys.length === 0) throw new AppError('CODE_INVALID');
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'expires_at'])
      .where('target', 'in', keys)
      .where('scene', '=', scene)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new AppError('CODE_INVALID');
    if (Number(row.expires_at) <= this.clock.now()) throw new AppError('CODE_EXPIRED');
    const claimed = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .returning(['code_hash'])
      .executeTakeFirst();
    if (!claimed) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (!sameHash(claimed.code_hash, sha256(code))) throw new AppError('CODE_INVALID');
    return row.id;
  }

  /** Marks the code used; refuses when a concurrent request used it first. */
  async consume(codeId: string, db: Db): Promise<void> {
    const result = await db
      .updateTable('verification_codes')
      .set({ used_at: String(this.clock.now()) })
      .where('id', '=', codeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new AppError('CODE_INVALID');
  }
}
