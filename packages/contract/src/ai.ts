import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { PageQuery, pageOf } from './pagination.ts';
import { textPerLang } from './texts.ts';

// AI quantified savings (spec sections 1, 2, 5): operator-defined products, current or fixed-term.
// Rates are integers: daily rate in parts per million (ppm, 1000 ppm = 0.1 % a day) and the
// early-redemption fee in basis points, so no float ever touches money (ADR 080).

const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const AiIdParams = z.strictObject({ id: Id });
export type AiIdParams = z.infer<typeof AiIdParams>;

export const AiKind = z.enum(['current', 'fixed']);
export type AiKind = z.infer<typeof AiKind>;

/** The product name per language (ADR 243); `name` is the text of record. */
export const AiProductNames = textPerLang(60);

export const AiProduct = z.object({
  id: z.string(),
  /** In the reader's language, else the text of record (ADR 243). */
  name: z.string(),
  coin: z.string(),
  kind: AiKind,
  /** Term in days; 0 for current products. */
  days: z.number().int(),
  daily_rate_min_ppm: z.number().int(),
  daily_rate_max_ppm: z.number().int(),
  min_amount: z.string(),
  max_amount: z.string(),
  early_fee_bp: z.number().int(),
  enabled: z.boolean(),
  /** Admin answers only: the names per language; `name` there is the text of record. */
  name_i18n: AiProductNames.optional(),
});
export type AiProduct = z.infer<typeof AiProduct>;
export const AiProductList = z.array(AiProduct);
export type AiProductList = z.infer<typeof AiProductList>;

export const AiSubscribeRequest = z.strictObject({
  product_id: Id,
  /** Decimal string in the product coin's scale (checked against the coin on the server). */
  amount: decimalString({ scale: 8 }),
  /** Must equal the product's term ("The subscription amount and the number of days must be correct"). */
  days: z.number().int().min(0).max(3650),
});
export type AiSubscribeRequest = z.infer<typeof AiSubscribeRequest>;

export const AiOrderStatus = z.enum(['active', 'settled', 'redeemed']);
export type AiOrderStatus = z.infer<typeof AiOrderStatus>;

export const AiOrder = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  coin: z.string(),
  kind: AiKind,
  amount: z.string(),
  days: z.number().int(),
  daily_rate_ppm: z.number().int(),
  /** Interest if held to maturity (fixed) or for one day (current), rounded down. */
  expected_interest: z.string(),
  interest: z.string(),
  /** Fee taken at an early redemption (0 otherwise). */
  fee: z.string(),
  early_fee_bp: z.number().int(),
  status: AiOrderStatus,
  started_at: z.number().int(),
  /** null for current products. */
  maturity_at: z.number().int().nullable(),
  settled_at: z.number().int().nullable(),
});
export type AiOrder = z.infer<typeof AiOrder>;
export const AiOrderPage = pageOf(AiOrder);
export type AiOrderPage = z.infer<typeof AiOrderPage>;

/** History tabs: active, or settled (settled and early-redeemed). */
export const AiOrdersQuery = PageQuery.extend({ tab: z.enum(['active', 'settled']).default('active') });
export type AiOrdersQuery = z.infer<typeof AiOrdersQuery>;

export const AdminAiProductCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(60),
    name_i18n: AiProductNames.optional(),
    coin: z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' }),
    kind: AiKind,
    days: z.number().int().min(0).max(3650),
    daily_rate_min_ppm: z.number().int().min(0).max(100_000),
    daily_rate_max_ppm: z.number().int().min(0).max(100_000),
    min_amount: decimalString({ scale: 8 }),
    max_amount: decimalString({ scale: 8 }),
    early_fee_bp: z.number().int().min(0).max(10_000),
  })
  .superRefine((v, ctx) => {
    if (v.daily_rate_max_ppm < v.daily_rate_min_ppm)
      ctx.addIssue({ code: 'custom', path: ['daily_rate_max_ppm'], message: 'validation.invalid_format' });
    if ((v.kind === 'fixed') !== v.days > 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'validation.invalid_format' });
  });
export type AdminAiProductCreate = z.infer<typeof AdminAiProductCreate>;

/** Enable or disable, and/or rename: `name_i18n` replaces the whole map (`{}` clears it). */
export const AdminAiProductUpdate = z
  .strictObject({
    enabled: z.boolean().optional(),
    name: z.string().trim().min(1).max(60).optional(),
    name_i18n: AiProductNames.optional(),
  })
  .refine((v) => v.enabled !== undefined || v.name !== undefined || v.name_i18n !== undefined, {
    error: 'validation.required',
    path: ['enabled'],
  });
export type AdminAiProductUpdate = z.infer<typeof AdminAiProductUpdate>;

/**
 * Operator funding from off-chain reserves of the earn interest reserve (default) or the dividend
 * pool: each is its own purpose of the treasury (ADR 113).
 */
export const AdminTreasuryFund = z.strictObject({
  coin: z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' }),
  amount: decimalString({ scale: 8 }),
  purpose: z.enum(['earn', 'dividend']).optional(),
});
export type AdminTreasuryFund = z.infer<typeof AdminTreasuryFund>;

export const AiAccrualResult = z.object({ accrued: z.number().int(), settled: z.number().int() });
export type AiAccrualResult = z.infer<typeof AiAccrualResult>;
