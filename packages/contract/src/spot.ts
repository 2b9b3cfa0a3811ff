import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { MarketSymbol } from './market.ts';
import { PageQuery, pageOf } from './pagination.ts';

export const OrderSide = z.enum(['buy', 'sell']);
export const OrderType = z.enum(['limit', 'market']);

// Decimal fields take the widest scale here; the server checks each market's tick, step and limits.
const Decimal = decimalString({ scale: 18 });

export const SpotOrderRequest = z.strictObject({
  symbol: MarketSymbol,
  side: OrderSide,
  type: OrderType,
  price: Decimal.optional(),
  quantity: Decimal.optional(),
  quote_amount: Decimal.optional(),
  client_order_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
export type SpotOrderRequest = z.infer<typeof SpotOrderRequest>;

export const OrderStatus = z.enum(['open', 'partially_filled', 'filled', 'cancelled']);

export const SpotOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  side: OrderSide,
  type: OrderType,
  price: z.string().nullable(),
  quantity: z.string(),
  quote_amount: z.string().nullable(),
  filled: z.string(),
  filled_value: z.string(),
  /** Average fill price, null before the first fill. */
  avg_price: z.string().nullable(),
  status: OrderStatus,
  client_order_id: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;
export const SpotOrderPage = pageOf(SpotOrder);

export const SpotOrdersQuery = z.strictObject({
  ...PageQuery.shape,
  status: z.enum(['open', 'history']).default('open'),
  symbol: MarketSymbol.optional(),
});

export const CancelAllRequest = z.strictObject({ symbol: MarketSymbol.optional() });
export const CancelAllResponse = z.object({ cancelled: z.number().int() });

export const OrderIdParams = z.strictObject({ id: z.string().min(1).max(64) });
