import { randomInt } from 'node:crypto';
import type { CodeScene } from '@ex/contract';
import { type Lang, translateServer } from '@ex/i18n';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { recordOutbox, type Sender } from './sender.ts';
import { sha256 } from './tokens.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;

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
 * Six-digit codes: stored hashed, valid 10 minutes, single-use, five wrong tries, one send per
 * target every 60 s (the last rule reads the table, so it holds across restarts and nodes).
 */
export class CodeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: Sender,
  ) {}

  async send(target: Target, scene: CodeScene, lang: Lang): Promise<void> {
    const now = this.clock.now();
    const last = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('target', '=', target.key)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && now - Number(last.created_at) < CODE_RESEND_MS) {
      const seconds = Math.ceil((CODE_RESEND_MS - (now - Number(last.created_at))) / 1000);
      throw new AppError('CODE_SEND_TOO_OFTEN', { seconds });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Delivery first, outside the transaction: a refused or timed-out delivery stores nothing, so
    // older codes stay valid and the 60 s resend timer does not start (ADR 007).
    const kept = await this.sender.deliver({
      channel: target.channel,
      to: target.address,
      subject: translateServer(lang, 'mail.code_subject'),
      body: translateServer(lang, 'mail.code_body', { code }),
      code,
      scene,
    });
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
        .insertInto('verification_codes')
        .values({
          target: target.key,
          scene,
          code_hash: sha256(code),
          created_at: String(now),
          expires_at: String(now + CODE_TTL_MS),
          used_at: null,
        })
        .execute();
      await recordOutbox(trx, this.clock, kept);
    });
  }

  /**
   * Checks a code without using it up and returns its id; a wrong guess counts (committed at once,
   * so the count survives the refusal). Call `consume` inside the transaction that acts on it.
   */
  async verify(targets: Target[], scene: CodeScene, code: string): Promise<string> {
    const keys = targets.map((t) => t.key);
    if (keys.length === 0) throw new AppError('CODE_INVALID');
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at'])
      .where('target', 'in', keys)
      .where('scene', '=', scene)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new AppError('CODE_INVALID');
    if (Number(row.expires_at) <= this.clock.now()) throw new AppError('CODE_EXPIRED');
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (row.code_hash !== sha256(code)) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw new AppError('CODE_INVALID');
    }
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
