import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { kycDb } from '../kyc/tables.ts';

/**
 * The spec's gates (section 5): real-name verification before other actions, a transaction
 * password and a bound bank card before withdrawing. Each throws a localised AppError
 * (KYC_REQUIRED 1035, TRADE_PASSWORD_NOT_SET 1033, NO_BANK_CARD 1034) and changes nothing, so a
 * caller checks them before it touches anything.
 */
export interface GateSubject {
  verified: boolean;
  has_trade_password: boolean;
  bank_cards: number;
}

export function requireVerified(user: Pick<GateSubject, 'verified'>): void {
  if (!user.verified) throw new AppError('KYC_REQUIRED');
}

export function requireTradePassword(user: Pick<GateSubject, 'has_trade_password'>): void {
  if (!user.has_trade_password) throw new AppError('TRADE_PASSWORD_NOT_SET');
}

export function requireBankCard(user: Pick<GateSubject, 'bank_cards'>): void {
  if (user.bank_cards < 1) throw new AppError('NO_BANK_CARD');
}

/**
 * Reads what the gates need for one user. Pass the transaction handle when inside one (a query on
 * the main handle inside a PGlite transaction waits forever).
 */
export async function loadGateSubject(db: Kysely<Database>, userId: string): Promise<GateSubject> {
  const k = kycDb(db);
  const user = await k
    .selectFrom('users')
    .select(['verified', 'trade_password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED');
  const cards = await k
    .selectFrom('bank_cards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    verified: user.verified,
    has_trade_password: user.trade_password_hash !== null,
    bank_cards: Number(cards.n),
  };
}

/** All three withdrawal gates in the order a user fixes them: identity, password, card. */
export async function requireWithdrawalGates(db: Kysely<Database>, userId: string): Promise<GateSubject> {
  const subject = await loadGateSubject(db, userId);
  requireVerified(subject);
  requireTradePassword(subject);
  requireBankCard(subject);
  return subject;
}
