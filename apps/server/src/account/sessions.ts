import type { LoginHistoryPage, SessionInfo } from '@ex/contract';
import { type Lang, translateServer } from '@ex/i18n';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { recordOutbox, type Sender } from './sender.ts';
import { sha256, type TokenStore } from './tokens.ts';

/** Where a session comes from, as the request tells it. */
export interface ClientInfo {
  ip: string;
  /** The app's X-Device-Id when sent. */
  device: string | undefined;
  userAgent: string | undefined;
}

interface SessionColumns {
  device: string | null;
  ip: string | null;
  user_agent: string | null;
  last_seen_at: string | null;
}

interface LoginHistoryTable {
  id: string;
  user_id: string;
  device_key: string;
  device: string | null;
  ip: string | null;
  user_agent: string | null;
  new_device: boolean;
  created_at: string;
}

type SessionTables = {
  tokens: Database['tokens'] & SessionColumns;
  login_history: LoginHistoryTable;
};

/** A short, readable device name from the user agent: "Chrome on Android", "Safari on iOS". */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : ua
            ? ua.split(/[\s/]/)[0] || 'Unknown'
            : 'Unknown';
  return os ? `${browser} on ${os}` : browser;
}

/** Sessions and devices of a user (issue 12 item 5, ADR 203). */
export class SessionService {
  private readonly db;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly tokens: TokenStore,
    private readonly sender: Sender,
  ) {
    this.db = db.withTables<SessionTables>();
  }

  /**
   * After a login or sign-up: label the new session, append the history, and when the device is
   * new for an account that logged in before, e-mail its owner (through the outbox).
   */
  async recordLogin(
    userId: string,
    token: string,
    client: ClientInfo,
    lang: Lang,
    notify = true,
  ): Promise<void> {
    const now = this.clock.now();
    const userAgent = client.userAgent?.slice(0, 300) ?? null;
    const device = deviceName(client.userAgent);
    const deviceKey = sha256(client.device ?? userAgent ?? '');
    await this.db
      .updateTable('tokens')
      .set({ device, ip: client.ip, user_agent: userAgent, last_seen_at: String(now) })
      .where('token_hash', '=', sha256(token))
      .execute();
    const known = await this.db
      .selectFrom('login_history')
      .select(['device_key'])
      .where('user_id', '=', userId)
      .limit(200)
      .execute();
    const newDevice = known.length > 0 && !known.some((k) => k.device_key === deviceKey);
    await this.db
      .insertInto('login_history')
      .values({
        user_id: userId,
        device_key: deviceKey,
        device,
        ip: client.ip,
        user_agent: userAgent,
        new_device: newDevice,
        created_at: String(now),
      } as never)
      .execute();
    if (!newDevice || !notify) return;
    const user = await this.db
      .selectFrom('users')
      .select(['email'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.email) return;
    const time = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
    try {
      const kept = await this.sender.deliver({
        channel: 'email',
        to: user.email,
        subject: translateServer(lang, 'mail.new_login_subject'),
        body: translateServer(lang, 'mail.new_login_body', { device, ip: client.ip, time }),
        code: null,
        scene: 'new_login',
        lang,
      });
      await recordOutbox(this.db as unknown as Db, this.clock, kept);
    } catch {
      // A failed warning mail must not fail the login itself; the history row stays.
    }
  }

  /** Whether this client never logged in to the account before (the 2FA gate at login, ADR 204). */
  async isNewDevice(userId: string, client: ClientInfo): Promise<boolean> {
    const key = sha256(client.device ?? client.userAgent?.slice(0, 300) ?? '');
    const seen = await this.db
      .selectFrom('login_history')
      .select('id')
      .where('user_id', '=', userId)
      .where('device_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    return seen === undefined;
  }

  /** Seen at most once a minute per session, so reading does not become a write per request. */
  async touch(tokenId: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .updateTable('tokens')
      .set({ last_seen_at: String(now) })
      .where('id', '=', tokenId)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', String(now - 60_000))]))
      .execute();
  }

  async list(userId: string, currentTokenId: string): Promise<SessionInfo[]> {
    const rows = await this.db
      .selectFrom('tokens')
      .select(['id', 'device', 'ip', 'created_at', 'last_seen_at'])
      .where('kind', '=', 'user')
      .where('subject_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', String(this.clock.now()))
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      device: r.device ?? 'Unknown',
      ip: r.ip ?? '',
      created_at: Number(r.created_at),
      last_seen_at: r.last_seen_at === null ? Number(r.created_at) : Number(r.last_seen_at),
      current: String(r.id) === currentTokenId,
    }));
  }

  /** Ends one of the caller's own sessions; another user's id is a 404 like an unknown one. */
  async revoke(userId: string, sessionId: string): Promise<void> {
    const row = await this.db
      .selectFrom('tokens')
      .select('id')
      .where('id', '=', sessionId)
      .where('kind', '=', 'user')
      .where('subject_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    await this.tokens.revoke(sessionId);
  }

  async revokeOthers(userId: string, currentTokenId: string): Promise<void> {
    await this.tokens.revokeAll('user', userId, undefined, currentTokenId);
  }

  async history(userId: string, page: number, limit: number): Promise<LoginHistoryPage> {
    const base = this.db.selectFrom('login_history').where('user_id', '=', userId);
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['id', 'device', 'ip', 'new_device', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      list: rows.map((r) => ({
        id: String(r.id),
        device: r.device ?? 'Unknown',
        ip: r.ip ?? '',
        new_device: r.new_device,
        created_at: Number(r.created_at),
      })),
      total: Number(n),
      page,
      limit,
    };
  }
}
