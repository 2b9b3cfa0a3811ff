import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_HEADERS,
  API_RECV_WINDOW_MS,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateRequest,
  type ApiKeyPermission,
  apiSignPayload,
} from '@ex/contract';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../account/passwords.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { requiredPermission } from './scopes.ts';
import { type ApiKeyDb, type ApiKeysTable, apiKeyDb } from './tables.ts';

export const MAX_KEYS_PER_USER = 20;
const DAY_MS = 86_400_000;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function toApiKey(row: ApiKeysTable): ApiKey {
  return {
    id: String(row.id),
    label: row.label,
    api_key: row.api_key,
    permissions: row.permissions.split(',').filter(Boolean) as ApiKeyPermission[],
    ip_allow: row.ip_allow.split(',').filter(Boolean),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    created_at: Number(row.created_at),
  };
}

export function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
}

export interface ApiKeyPrincipal {
  userId: string;
  keyId: string;
}

/** API keys: create, list, delete, and the check of every signed request (ADR 202). */
export class ApiKeyService {
  private readonly db: ApiKeyDb;
  private checks = 0;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.db = apiKeyDb(db);
  }

  /** `secondFactor` runs after the password passed: the TOTP check once 2FA is on (ADR 204). */
  async create(
    userId: string,
    input: ApiKeyCreateRequest,
    secondFactor: () => Promise<void> = async () => {},
  ): Promise<ApiKeyCreated> {
    const user = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError('UNAUTHORIZED');
    if (!(await verifyPassword(user.password_hash, input.password))) throw new AppError('OLD_PASSWORD_WRONG');
    await secondFactor();
    const now = this.clock.now();
    const permissions = [...new Set(input.permissions)].sort();
    return this.db.transaction().execute(async (trx) => {
      // Counted inside the transaction under the user's row lock: parallel creates cannot pass 20.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const { n } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_KEYS_PER_USER) throw new AppError('APIKEY_LIMIT', { max: MAX_KEYS_PER_USER });
      const secret = randomBytes(32).toString('hex');
      const row = await trx
        .insertInto('api_keys')
        .values({
          user_id: userId,
          label: input.label,
          api_key: `ak${randomBytes(16).toString('hex')}`,
          secret,
          permissions: permissions.join(','),
          ip_allow: [...new Set(input.ip_allow ?? [])].join(','),
          expires_at:
            input.expires_in_days === undefined ? null : String(now + input.expires_in_days * DAY_MS),
          last_used_at: null,
          created_at: String(now),
          deleted_at: null,
        } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...toApiKey(row), secret };
    });
  }

  async list(userId: string): Promise<ApiKey[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toApiKey);
  }

  /** Only the owner's own live key; any other id is a plain 404 (no hint that it exists). */
  async remove(userId: string, id: string): Promise<void> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ deleted_at: String(this.clock.now()) })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new AppError('NOT_FOUND');
  }

  /**
   * Checks a signed request in a fixed order and changes nothing until all pass: key, expiry,
   * owner, timestamp window, signature, address, permission; then the signature is recorded so
   * the same request cannot be played again while its window is open.
   */
  async authenticate(request: FastifyRequest, rawBody: string): Promise<ApiKeyPrincipal> {
    const apiKey = header(request, API_KEY_HEADERS.key);
    const row =
      apiKey && apiKey.length <= 64
        ? await this.db.selectFrom('api_keys').selectAll().where('api_key', '=', apiKey).executeTakeFirst()
        : undefined;
    if (!row || row.deleted_at !== null) throw new AppError('APIKEY_INVALID');
    const now = this.clock.now();
    if (row.expires_at !== null && Number(row.expires_at) <= now) throw new AppError('APIKEY_EXPIRED');
    const owner = await this.db
      .selectFrom('users')
      .select('banned_at')
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (!owner || owner.banned_at !== null) throw new AppError('APIKEY_INVALID');

    const tsText = header(request, API_KEY_HEADERS.timestamp) ?? '';
    const windowText = header(request, API_KEY_HEADERS.recvWindow) ?? '';
    const recvWindow = windowText === '' ? API_RECV_WINDOW_MS.default : Number(windowText);
    const ts = /^\d{13}$/.test(tsText) ? Number(tsText) : Number.NaN;
    if (
      !Number.isInteger(recvWindow) ||
      recvWindow < 1 ||
      recvWindow > API_RECV_WINDOW_MS.max ||
      !Number.isSafeInteger(ts) ||
      // A clock up to one second ahead is tolerated, as at the big exchanges.
      ts > now + 1_000 ||
      now - ts > recvWindow
    ) {
      throw new AppError('APIKEY_TIMESTAMP_INVALID');
    }

    const given = header(request, API_KEY_HEADERS.signature) ?? '';
    const expected = sign(
      row.secret,
      apiSignPayload({
        timestamp: tsText,
        method: request.method,
        path: request.url,
        recvWindow: windowText,
        body: rawBody,
      }),
    );
    const a = Buffer.from(given.toLowerCase(), 'utf8');
    const b = Buffer.from(expected, 'utf8');
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError('APIKEY_SIGNATURE_INVALID');

    const allowed = row.ip_allow.split(',').filter(Boolean);
    if (allowed.length > 0 && !allowed.includes(request.ip)) throw new AppError('APIKEY_IP_NOT_ALLOWED');

    const needed = requiredPermission(
      request.method,
      request.routeOptions.url ?? request.url.split('?')[0] ?? '',
    );
    if (needed === null || !row.permissions.split(',').includes(needed)) {
      throw new AppError('APIKEY_PERMISSION_DENIED');
    }

    try {
      await this.db
        .insertInto('api_key_signatures')
        .values({ key_id: row.id, signature: expected, expires_at: String(ts + recvWindow + 1_000) })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('APIKEY_REPLAY');
      throw error;
    }
    this.checks += 1;
    if (this.checks % 100 === 0) {
      await this.db.deleteFrom('api_key_signatures').where('expires_at', '<', String(now)).execute();
    }
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: String(now) })
      .where('id', '=', row.id)
      .execute();
    return { userId: String(row.user_id), keyId: String(row.id) };
  }
}
