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

/** The purposes the treasury is split into (ADR 113). */
export const TreasuryPurpose = z.enum(['flash', 'otc', 'earn', 'dividend']);
export type TreasuryPurpose = z.infer<typeof TreasuryPurpose>;

/**
 * Operator: fund one purpose of the treasury (default the flash float), from outside (`chain`,
 * default) or from the general treasury (`general`: IEO proceeds, balances from before the split).
 */
export const TreasuryFundRequest = z.strictObject({
  coin: Coin,
  amount: decimalString({ scale: 8, max: '1000000000' }),
  purpose: TreasuryPurpose.optional(),
  source: z.enum(['chain', 'general']).optional(),
});
export type TreasuryFundRequest = z.infer<typeof TreasuryFundRequest>;
export const TreasuryBalances = z.array(z.object({ coin: z.string(), available: z.string() }));
export type TreasuryBalances = z.infer<typeof TreasuryBalances>;
export const TreasuryQuery = z.strictObject({ purpose: TreasuryPurpose.optional() });
export type TreasuryQuery = z.infer<typeof TreasuryQuery>;
/** Every purpose and coin with its low-water mark; `low` when below it (ADR 113). */
export const TreasuryAccounts = z.array(
  z.object({
    purpose: TreasuryPurpose,
    coin: z.string(),
    available: z.string(),
    low_water: z.string(),
    low: z.boolean(),
  }),
);
export type TreasuryAccounts = z.infer<typeof TreasuryAccounts>;
/** Operator: how many interrupted money moves recovery completed per domain (ADR 114). */
export const MoneyMovesRecovered = z.object({
  exchange: z.number().int(),
  otc: z.number().int(),
  ieo: z.number().int(),
});
export type MoneyMovesRecovered = z.infer<typeof MoneyMovesRecovered>;
