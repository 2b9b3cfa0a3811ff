import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { sha256 } from './tokens.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * Image captchas stored in the database (not in memory) so any API node can check an answer.
 * An answer is single-use: checking deletes the row whether it was right or wrong.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly enabled: boolean,
  ) {}

  async create(): Promise<{ key: string; image: string; answer: string }> {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true });
    const key = randomBytes(16).toString('hex');
    const now = this.clock.now();
    await this.db.deleteFrom('captchas').where('expires_at', '<', String(now)).execute();
    await this.db
      .insertInto('captchas')
      .values({
        key,
        answer_hash: sha256(captcha.text.toLowerCase()),
        expires_at: String(now + CAPTCHA_TTL_MS),
      })
      .execute();
    const image = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return { key, image, answer: captcha.text };
  }

  /** Throws 422 when the fields are missing, CAPTCHA_INVALID when wrong; no-op when switched off. */
  async check(key: string | undefined, code: string | undefined): Promise<void> {
    if (!this.enabled) return;
    if (!key) throw fieldError('captcha_key', 'validation.required');
    if (!code) throw fieldError('captcha_code', 'validation.required');
    const row = await this.db
      .deleteFrom('captchas')
      .where('key', '=', key)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
    if (
      !row ||
      Number(row.expires_at) <= this.clock.now() ||
      row.answer_hash !== sha256(code.toLowerCase())
    ) {
      throw new AppError('CAPTCHA_INVALID');
    }
  }
}
