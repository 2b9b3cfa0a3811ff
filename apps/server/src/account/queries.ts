import type { User } from '@ex/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/db.ts';
import type { UsersTable } from '../db/schema.ts';
import type { Target } from './codes.ts';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByTarget(db: Db, target: Target): Promise<UserRow | undefined> {
  if (target.channel === 'email') {
    return db.selectFrom('users').selectAll().where('email', '=', target.address).executeTakeFirst();
  }
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('concat_ws', [eb.val(' '), 'area_code', 'phone']), '=', target.address))
    .executeTakeFirst();
}

export function findUserByInviteCode(db: Db, inviteCode: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('invite_code', '=', inviteCode.toUpperCase())
    .executeTakeFirst();
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    points: row.points,
    verified: row.verified,
    member_level: row.member_level,
    invite_code: row.invite_code,
    email: row.email,
    phone: row.phone,
    area_code: row.area_code,
    has_trade_password: row.trade_password_hash !== null,
    created_at: Number(row.created_at),
  };
}
