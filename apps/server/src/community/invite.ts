import type { InviteInfo, PageQuery } from '@ex/contract';
import { fetchPage } from '../db/page.ts';
import { AppError } from '../http/errors.ts';
import type { CommunityDb } from './tables.ts';

/** `ab***@example.com`, `138****5678`: enough for the inviter to recognise a friend, no more. */
export function maskAccount(email: string | null, phone: string | null): string {
  if (email) {
    const at = email.lastIndexOf('@');
    const local = email.slice(0, at);
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
  }
  if (phone)
    return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : `${phone.slice(0, 1)}****`;
  return '***';
}

/** The caller's invitation code, the link carrying it and the friends who registered with it. */
export class InviteService {
  constructor(
    private readonly db: CommunityDb,
    private readonly origin: string,
  ) {}

  async info(userId: string, q: PageQuery): Promise<InviteInfo> {
    const me = await this.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!me) throw new AppError('NOT_FOUND');
    const base = this.db.selectFrom('users').where('inviter_id', '=', userId);
    const { rows, total } = await fetchPage(base, q, (b) =>
      b.select(['email', 'phone', 'nickname', 'created_at']).orderBy('id', 'desc'),
    );
    return {
      code: me.invite_code,
      link: `${this.origin}/Register?invite=${encodeURIComponent(me.invite_code)}`,
      invited_count: total,
      list: rows.map((r) => {
        const account = maskAccount(r.email, r.phone);
        // The default nickname is the e-mail's local part or the phone number: it would unmask them.
        const revealing =
          r.nickname === r.email?.slice(0, r.email.lastIndexOf('@')) || r.nickname === r.phone;
        return { account, nickname: revealing ? account : r.nickname, created_at: Number(r.created_at) };
      }),
      total,
      page: q.page,
      limit: q.limit,
    };
  }
}
