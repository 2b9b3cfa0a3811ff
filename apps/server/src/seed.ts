import { randomInt } from 'node:crypto';
import { hashPassword } from './account/passwords.ts';
import { atTime, type Clock } from './clock.ts';
import type { Db } from './db/db.ts';
import type { EnginePort } from './engine/port.ts';
import { engineDb } from './engine/tables.ts';

export const DEMO_EMAIL = 'demo@exchange.local';
export const DEMO_PASSWORD = 'demo12345';

/** What the demo account gets once: 10,000 USDC, 0.5 BTC and 5 ETH (smallest units). */
export const DEMO_FUNDS: [string, bigint][] = [
  ['USDC', 10_000_000_000n],
  ['BTC', 50_000_000n],
  ['ETH', 500_000_000n],
];

/** SEED_DEMO=1: a demo user on an empty database, funded once through the engine (ref `seed`). */
export async function seedDemo(
  db: Db,
  clock: Clock,
  engine?: EnginePort,
): Promise<{ id: string; email: string; password: string }> {
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
        // The seeded world has a past (friends invited 40 days ago, a check-in streak, votes that
        // ended): the demo account joined before all of it.
        created_at: String(clock.now() - 60 * 24 * 60 * 60 * 1000),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (engine) await fundDemo(db, engine, clock);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  return { id: user.id, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

/**
 * Deposits the demo funds unless a `seed` deposit of the demo user is already in the ledger. On the
 * start's clock (a SeedClock) they are dated when the demo joined, as the rest of its past is
 * (ADR 269): the first commands of the seeded journal.
 */
export async function fundDemo(db: Db, engine: EnginePort, clock?: Clock): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  if (!user) return;
  const done = await engineDb(db)
    .selectFrom('ledger_entries')
    .select('id')
    .where('owner', '=', user.id)
    .where('type', '=', 'deposit')
    .where('ref_id', 'like', 'seed%')
    .executeTakeFirst();
  if (done) return;
  const deposit = async () => {
    for (const [asset, amount] of DEMO_FUNDS) {
      await engine.submit({ type: 'deposit', userId: user.id, asset, amount }, { idPrefix: 'seed-' });
    }
  };
  await (clock ? atTime(clock, Number(user.created_at), deposit) : deposit());
}

/**
 * Production refuses a database the embedded demo ran on (ADR 121): the demo login's password is
 * public and its funds were minted by `seed` deposits with no coins behind them.
 */
export async function demoDataProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (user) {
    problems.push(
      `SEED_DEMO: the database holds the demo login ${DEMO_EMAIL} (public password); production needs a database the demo never ran on`,
    );
  }
  const minted = await engineDb(db)
    .selectFrom('ledger_entries')
    .select('id')
    .where('type', '=', 'deposit')
    .where('ref_id', 'like', 'seed-%')
    .executeTakeFirst();
  if (minted)
    problems.push(
      'SEED_DEMO: the ledger holds minted demo funds (deposits seed-*) with no coins behind them',
    );
  return problems;
}
