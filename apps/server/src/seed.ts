import { randomInt } from 'node:crypto';
import { hashPassword } from './account/passwords.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/db.ts';

export const DEMO_EMAIL = 'demo@exchange.local';
export const DEMO_PASSWORD = 'demo12345';

/** SEED_DEMO=1: a demo user on an empty database (funds arrive with the wallet issue). */
export async function seedDemo(db: Db, clock: Clock): Promise<{ email: string; password: string }> {
  const exists = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (!exists) {
    await db
      .insertInto('users')
      .values({
        email: DEMO_EMAIL,
        phone: null,
        area_code: null,
        password_hash: await hashPassword(DEMO_PASSWORD),
        trade_password_hash: null,
        nickname: 'demo',
        avatar: null,
        invite_code: `DEMO${String(randomInt(0, 10_000)).padStart(4, '0')}`,
        inviter_id: null,
        banned_at: null,
        created_at: String(clock.now()),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
