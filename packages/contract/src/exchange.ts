import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { pageOf } from './pagination.ts';

// Flash exchange (spec sections 2, 5, 9): a quote priced from the market with a server-given
// percentage fee, valid for a few seconds, executed through the exchange's treasury (ADR 075).

const Coin = z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' });

/** The asset scale is checked by the server per coin (USDC 6, others 8): more decimals are a 422. */
export const ExchangeQuoteRequest = z.strictObject({
  from: Coin,
  to: Coin,
  amount: decimalString({ scale: 8, max: '1000000000' }),
});
export type ExchangeQuoteRequest = z.infer<typeof ExchangeQuoteRequest>;

export const ExchangeQuote = z.object({
  quote_id: z.string(),
  from: z.string(),
  to: z.string(),
  /** What the user gives, at the scale of `from`. */
  amount: z.string(),
  /** What the user gets after the fee, at the scale of `to`. */
  receive: z.string(),
  /** USDC per one base coin. */
  price: z.string(),
  /** The fee, in `to`. The fee rate itself is not shown (spec section 9). */
  fee: z.string(),
  expires_at: z.number().int(),
});
export type ExchangeQuote = z.infer<typeof ExchangeQuote>;

export const ExchangeExecuteRequest = z.strictObject({
  quote_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.invalid_format' }),
});
export type ExchangeExecuteRequest = z.infer<typeof ExchangeExecuteRequest>;

export const ExchangeRecord = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  receive: z.string(),
  price: z.string(),
  fee: z.string(),
  created_at: z.number().int(),
});
export type ExchangeRecord = z.infer<typeof ExchangeRecord>;
export const ExchangeRecordPage = pageOf(ExchangeRecord);
export type ExchangeRecordPage = z.infer<typeof ExchangeRecordPage>;

/** Coins that can be exchanged (each against USDC). */
export const ExchangeCoins = z.object({ quote: z.string(), coins: z.array(z.string()) });
export type ExchangeCoins = z.infer<typeof ExchangeCoins>;

/** Operator: fund the treasury the flash exchange and OTC pay from. */
export const TreasuryFundRequest = z.strictObject({
  coin: Coin,
  amount: decimalString({ scale: 8, max: '1000000000' }),
});
export type TreasuryFundRequest = z.infer<typeof TreasuryFundRequest>;
export const TreasuryBalances = z.array(z.object({ coin: z.string(), available: z.string() }));
export type TreasuryBalances = z.infer<typeof TreasuryBalances>;
