import { type BankCard, type BankCardRequest, MAX_BANK_CARDS } from '@ex/contract';
import type { Clock } from '../clock.ts';
import { requireVerified } from '../gates/index.ts';
import { AppError } from '../http/errors.ts';
import type { KycService } from '../kyc/service.ts';
import { type BankCardRow, isRowId, type KycDb } from '../kyc/tables.ts';

/** Case, spacing and punctuation do not count: "LI  Wei", "li-wei" and "Li Wei" are one name. */
function normaliseName(value: string): string {
  return value
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/[\s.'-]+/gu, '');
}

/**
 * The cardholder must be the verified person (ADR 060): the name in either order ("Wei Li" or
 * "Li Wei"), with or without the space (CJK names are written "李伟").
 */
export function holderMatches(
  holder: string,
  identity: { family_name: string; given_name: string },
): boolean {
  const h = normaliseName(holder);
  const f = normaliseName(identity.family_name);
  const g = normaliseName(identity.given_name);
  return h === f + g || h === g + f;
}

export function maskCardNumber(digits: string): string {
  return `**** **** **** ${digits.slice(-4)}`;
}

function view(r: BankCardRow): BankCard {
  return {
    id: r.id,
    bank_name: r.bank_name,
    card_number: maskCardNumber(r.card_number),
    last4: r.card_number.slice(-4),
    branch_name: r.branch_name,
    branch_code: r.branch_code,
    holder_name: r.holder_name,
    created_at: Number(r.created_at),
  };
}

export class BankCardService {
  constructor(
    private readonly db: KycDb,
    private readonly clock: Clock,
    private readonly kyc: KycService,
  ) {}

  async list(userId: string): Promise<BankCard[]> {
    const rows = await this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'asc')
      .execute();
    return rows.map(view);
  }

  async add(userId: string, body: BankCardRequest): Promise<BankCard> {
    const id = await this.db.transaction().execute(async (trx) => {
      // Locking the user row serialises this user's adds, so the limit holds under races.
      const user = await trx
        .selectFrom('users')
        .select('verified')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      requireVerified(user);
      const identity = await this.kyc.verifiedName(userId, trx);
      if (!identity || !holderMatches(body.holder_name, identity)) {
        throw new AppError('BANK_CARD_NAME_MISMATCH');
      }
      const cards = await trx
        .selectFrom('bank_cards')
        .select('card_number')
        .where('user_id', '=', userId)
        .execute();
      if (cards.some((c) => c.card_number === body.card_number)) throw new AppError('BANK_CARD_EXISTS');
      if (cards.length >= MAX_BANK_CARDS) throw new AppError('BANK_CARD_LIMIT', { max: MAX_BANK_CARDS });
      const row = await trx
        .insertInto('bank_cards')
        .values({
          user_id: userId,
          bank_name: body.bank_name,
          card_number: body.card_number,
          branch_name: body.branch_name ?? null,
          branch_code: body.branch_code ?? null,
          holder_name: body.holder_name,
          created_at: String(this.clock.now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const row = await this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return view(row);
  }

  /** Someone else's card, like a missing one, is a 404; nothing is deleted then. */
  async remove(userId: string, id: string): Promise<void> {
    if (!isRowId(id)) throw new AppError('NOT_FOUND');
    const r = await this.db
      .deleteFrom('bank_cards')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (r.numDeletedRows === 0n) throw new AppError('NOT_FOUND');
  }
}
