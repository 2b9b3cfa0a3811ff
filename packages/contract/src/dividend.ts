import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { PageQuery, pageOf } from './pagination.ts';
import { textPerLang } from './texts.ts';

// Dividend plan (spec sections 1, 2 /RedPlan, 5): operator-funded pools with a claimable amount per
// user; each claim is paid once (ADR 082).

const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const DividendIdParams = z.strictObject({ id: Id });
export type DividendIdParams = z.infer<typeof DividendIdParams>;

export const DividendClaimStatus = z.enum(['claimable', 'claimed']);
export type DividendClaimStatus = z.infer<typeof DividendClaimStatus>;

/** The plan's title per language (ADR 243); `title` is the text of record. */
export const DividendTitles = textPerLang(80);

export const DividendClaim = z.object({
  id: z.string(),
  pool_id: z.string(),
  /** The plan's title in the reader's language, else the title of record (ADR 243). */
  title: z.string(),
  coin: z.string(),
  amount: z.string(),
  status: DividendClaimStatus,
  created_at: z.number().int(),
  claimed_at: z.number().int().nullable(),
});
export type DividendClaim = z.infer<typeof DividendClaim>;
export const DividendClaimPage = pageOf(DividendClaim);
export type DividendClaimPage = z.infer<typeof DividendClaimPage>;

export const DividendClaimsQuery = PageQuery.extend({ status: DividendClaimStatus.optional() });
export type DividendClaimsQuery = z.infer<typeof DividendClaimsQuery>;

export const AdminDividendCreate = z.strictObject({
  title: z.string().trim().min(1).max(80),
  title_i18n: DividendTitles.optional(),
  coin: z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' }),
  allocations: z
    .array(z.strictObject({ user_id: Id, amount: decimalString({ scale: 8 }) }))
    .min(1)
    .max(1000),
});
export type AdminDividendCreate = z.infer<typeof AdminDividendCreate>;

/** Renames a plan: the title of record and/or its map (replaced whole; `{}` clears it). */
export const AdminDividendUpdate = z
  .strictObject({ title: z.string().trim().min(1).max(80).optional(), title_i18n: DividendTitles.optional() })
  .refine((v) => v.title !== undefined || v.title_i18n !== undefined, {
    path: ['title'],
    error: 'validation.required',
  });
export type AdminDividendUpdate = z.infer<typeof AdminDividendUpdate>;

export const AdminDividendPool = z.object({
  id: z.string(),
  /** The title of record; `title_i18n` the title per language (ADR 243). */
  title: z.string(),
  title_i18n: DividendTitles,
  coin: z.string(),
  total: z.string(),
  claimed: z.string(),
  users: z.number().int(),
  created_at: z.number().int(),
});
export type AdminDividendPool = z.infer<typeof AdminDividendPool>;
export const AdminDividendPoolList = z.array(AdminDividendPool);
export type AdminDividendPoolList = z.infer<typeof AdminDividendPoolList>;
