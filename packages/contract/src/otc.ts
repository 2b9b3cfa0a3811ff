import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { PageQuery, pageOf } from './pagination.ts';

// OTC desk (spec sections 2, 5, 8): fixed-price ads set by operators; a user order is reviewed by
// an operator. Sides are the user's: `buy` = the user buys coins and pays fiat to the broker.

const Coin = z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' });
const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const OtcIdParams = z.strictObject({ id: Id });
export type OtcIdParams = z.infer<typeof OtcIdParams>;

export const OtcSide = z.enum(['buy', 'sell']);
export type OtcSide = z.infer<typeof OtcSide>;
export const OtcStatus = z.enum(['review', 'completed', 'rejected']);
export type OtcStatus = z.infer<typeof OtcStatus>;

const Text = (max: number) => z.string().trim().min(1).max(max);

export const OtcAd = z.object({
  id: z.string(),
  side: OtcSide,
  coin: z.string(),
  fiat: z.string(),
  price: z.string(),
  min: z.string(),
  max: z.string(),
  payment_methods: z.array(z.string()),
  /** Only on buy ads: whom the user pays. */
  broker_contact: z.string().nullable(),
  active: z.boolean(),
  stats: z.object({
    order_count: z.number().int(),
    /** Completed / reviewed orders as a percentage with two decimals ("100.00"). */
    success_rate: z.string(),
    /** Completed quantity in the coin. */
    amount: z.string(),
  }),
});
export type OtcAd = z.infer<typeof OtcAd>;
export const OtcAdList = z.array(OtcAd);
export type OtcAdList = z.infer<typeof OtcAdList>;

/**
 * Payment methods with a name in every language: an ad that lists one of these codes shows the
 * reader's word for it; any other text an operator types is shown as typed.
 */
export const OTC_PAYMENT_METHODS = ['bank_transfer', 'sepa', 'card', 'alipay', 'wechat_pay'] as const;
export type OtcPaymentMethod = (typeof OTC_PAYMENT_METHODS)[number];
export const isOtcPaymentMethod = (m: string): m is OtcPaymentMethod =>
  (OTC_PAYMENT_METHODS as readonly string[]).includes(m);

export const OtcAdCreate = z.strictObject({
  side: OtcSide,
  coin: Coin,
  fiat: z.string().regex(/^[A-Z]{3}$/, { error: 'validation.invalid_format' }),
  price: decimalString({ scale: 2, max: '100000000' }),
  min: decimalString({ scale: 8, max: '1000000000' }),
  max: decimalString({ scale: 8, max: '1000000000' }),
  payment_methods: z.array(Text(40)).min(1).max(5),
  broker_contact: Text(200).optional(),
  active: z.boolean().default(true),
});
export type OtcAdCreate = z.infer<typeof OtcAdCreate>;
export const OtcAdUpdate = z.strictObject({ active: z.boolean() });
export type OtcAdUpdate = z.infer<typeof OtcAdUpdate>;

export const OtcOrderRequest = z.strictObject({
  ad_id: Id,
  quantity: decimalString({ scale: 8, max: '1000000000' }),
  payment_method: Text(40),
  remarks: z.string().trim().max(200).optional(),
  /** Sell orders: where the broker pays the user. */
  bank: Text(100).optional(),
  phone: z
    .string()
    .regex(/^\+?[0-9 -]{5,20}$/, { error: 'validation.invalid_format' })
    .optional(),
});
export type OtcOrderRequest = z.infer<typeof OtcOrderRequest>;

export const OtcOrder = z.object({
  id: z.string(),
  ad_id: z.string(),
  side: OtcSide,
  coin: z.string(),
  fiat: z.string(),
  quantity: z.string(),
  price: z.string(),
  /** Fiat the user pays (buy) or receives (sell). */
  total: z.string(),
  payment_method: z.string(),
  remarks: z.string(),
  bank: z.string(),
  phone: z.string(),
  broker_contact: z.string().nullable(),
  status: OtcStatus,
  reason: z.string().nullable(),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
});
export type OtcOrder = z.infer<typeof OtcOrder>;
export const OtcOrderPage = pageOf(OtcOrder);
export type OtcOrderPage = z.infer<typeof OtcOrderPage>;

export const AdminOtcOrder = OtcOrder.extend({ user_id: z.string() });
export type AdminOtcOrder = z.infer<typeof AdminOtcOrder>;
export const AdminOtcOrderPage = pageOf(AdminOtcOrder);
export type AdminOtcOrderPage = z.infer<typeof AdminOtcOrderPage>;
export const AdminOtcOrderQuery = PageQuery.extend({ status: OtcStatus.optional() });
export type AdminOtcOrderQuery = z.infer<typeof AdminOtcOrderQuery>;

export const OtcReview = z.strictObject({
  action: z.enum(['complete', 'reject']),
  reason: z.string().trim().max(200).optional(),
});
export type OtcReview = z.infer<typeof OtcReview>;
