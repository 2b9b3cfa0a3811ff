import type { Db } from '../db/db.ts';
import { engineDb } from '../engine/tables.ts';
import { BOT_USERS } from './users.ts';

/**
 * Production refuses a ledger in which the built-in bots hold anything (ADR 121): their inventory
 * was minted by `bot-*` deposits on the embedded default, and users could win it and withdraw it.
 */
export async function mintedBotFundsProblems(db: Db): Promise<string[]> {
  const row = await engineDb(db)
    .selectFrom('ledger_entries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('owner', 'in', [...BOT_USERS]),
        eb.and([eb('type', '=', 'deposit'), eb('ref_id', 'like', 'bot-%')]),
      ]),
    )
    .executeTakeFirst();
  return row
    ? [
        'MARKET_MAKER: the ledger holds minted market-maker funds (bot accounts of the embedded default); production needs a database the demo bots never ran on',
      ]
    : [];
}

/**
 * The production market maker's account: an ordinary user (MARKET_MAKER_ACCOUNT), funded like any
 * user by deposits. Returns its id or the problem to list at start.
 */
export async function makerAccount(db: Db, email: string): Promise<{ id: string } | { problem: string }> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (row === undefined) {
    return {
      problem: `MARKET_MAKER_ACCOUNT: no account ${email}; register it and deposit its inventory first`,
    };
  }
  return { id: String(row.id) };
}
