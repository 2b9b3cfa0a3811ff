import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { PageQuery, pageOf } from './pagination.ts';
import { textPerLang } from './texts.ts';

// DeFi staking (spec sections 1, 5, 8): products with limits and a repayment period, a maximum
// number of open stakes per user ("Staking limit reached"), operator review. Rates in integer ppm
// a day (ADR 081).

const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const StakingIdParams = z.strictObject({ id: Id });
export type StakingIdParams = z.infer<typeof StakingIdParams>;

/** The product name per language (ADR 243); `name` is the text of record. */
export const StakingProductNames = textPerLang(60);

export const StakingProduct = z.object({
  id: z.string(),
  /** In the reader's language, else the text of record (ADR 243). */
  name: z.string(),
  coin: z.string(),
  /** Repayment period in days. */
  days: z.number().int(),
  daily_rate_ppm: z.number().int(),
  min_amount: z.string(),
  max_amount: z.string(),
  enabled: z.boolean(),
  /** Admin answers only: the names per language; `name` there is the text of record. */
  name_i18n: StakingProductNames.optional(),
});
export type StakingProduct = z.infer<typeof StakingProduct>;
export const StakingProductList = z.array(StakingProduct);
export type StakingProductList = z.infer<typeof StakingProductList>;

export const StakeRequest = z.strictObject({ product_id: Id, amount: decimalString({ scale: 8 }) });
export type StakeRequest = z.infer<typeof StakeRequest>;

/** under review, in progress, settled, outstanding (period over, not yet paid), rejected. */
export const StakeStatus = z.enum(['review', 'active', 'settled', 'outstanding', 'rejected']);
export type StakeStatus = z.infer<typeof StakeStatus>;

export const Stake = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  coin: z.string(),
  amount: z.string(),
  days: z.number().int(),
  daily_rate_ppm: z.number().int(),
  /** Interest over the whole period, rounded down; paid at settlement. */
  interest: z.string(),
  status: StakeStatus,
  reason: z.string().nullable(),
  created_at: z.number().int(),
  /** When the period ends (set at approval). */
  due_at: z.number().int().nullable(),
  settled_at: z.number().int().nullable(),
});
export type Stake = z.infer<typeof Stake>;
export const StakePage = pageOf(Stake);
export type StakePage = z.infer<typeof StakePage>;

export const StakesQuery = PageQuery.extend({ status: StakeStatus.optional() });
export type StakesQuery = z.infer<typeof StakesQuery>;

export const AdminStakingProductCreate = z.strictObject({
  name: z.string().trim().min(1).max(60),
  name_i18n: StakingProductNames.optional(),
  coin: z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' }),
  days: z.number().int().min(1).max(3650),
  daily_rate_ppm: z.number().int().min(0).max(100_000),
  min_amount: decimalString({ scale: 8 }),
  max_amount: decimalString({ scale: 8 }),
  enabled: z.boolean().default(true),
});
export type AdminStakingProductCreate = z.infer<typeof AdminStakingProductCreate>;

/** Enable or disable, and/or rename: `name_i18n` replaces the whole map (`{}` clears it). */
export const AdminStakingProductUpdate = z
  .strictObject({
    enabled: z.boolean().optional(),
    name: z.string().trim().min(1).max(60).optional(),
    name_i18n: StakingProductNames.optional(),
  })
  .refine((v) => v.enabled !== undefined || v.name !== undefined || v.name_i18n !== undefined, {
    error: 'validation.required',
    path: ['enabled'],
  });
export type AdminStakingProductUpdate = z.infer<typeof AdminStakingProductUpdate>;

export const AdminStakeReview = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ action: z.literal('reject'), reason: z.string().trim().min(1).max(200) }),
]);
export type AdminStakeReview = z.infer<typeof AdminStakeReview>;

export const AdminStake = Stake.extend({ user_id: z.string() });
export type AdminStake = z.infer<typeof AdminStake>;
export const AdminStakePage = pageOf(AdminStake);
export type AdminStakePage = z.infer<typeof AdminStakePage>;
