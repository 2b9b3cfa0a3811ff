import { z } from 'zod';

/** At most this many bound cards per user (ADR 060). */
export const MAX_BANK_CARDS = 5;

/** Luhn (mod 10) over a digit string: catches every single-digit typo and most swaps. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const Text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{C}<>]*$/u, { error: 'validation.invalid_characters' });

export const BankCardRequest = z.strictObject({
  bank_name: Text(60),
  // Digits only (the client strips spaces); 12-19 digits as ISO/IEC 7812 allows, with a Luhn check.
  card_number: z
    .string()
    .regex(/^\d{12,19}$/, { error: 'validation.card_number' })
    .refine(luhnValid, { error: 'validation.card_number' }),
  branch_name: Text(80).optional(),
  branch_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, { error: 'validation.invalid_format' })
    .optional(),
  holder_name: Text(100),
});
export type BankCardRequest = z.infer<typeof BankCardRequest>;

export const BankCard = z.object({
  id: z.string(),
  bank_name: z.string(),
  /** Masked: only the last four digits are shown (`**** **** **** 1234`). */
  card_number: z.string(),
  last4: z.string(),
  branch_name: z.string().nullable(),
  branch_code: z.string().nullable(),
  holder_name: z.string(),
  created_at: z.number().int(),
});
export type BankCard = z.infer<typeof BankCard>;
export const BankCardList = z.array(BankCard);
export type BankCardList = z.infer<typeof BankCardList>;

export const BankCardIdParams = z.strictObject({ id: z.string().min(1).max(24) });
