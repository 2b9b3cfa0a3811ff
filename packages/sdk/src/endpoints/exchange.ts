import type {
  ExchangeCoins,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ExchangeRecord,
  ExchangeRecordPage,
  TreasuryBalances,
  TreasuryFundRequest,
  TreasuryPurpose,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

type PageParams = { page?: number; limit?: number };

/** Flash exchange (quote, then execute within 10 s); `admin*` need the admin client. */
export function exchangeApi(client: Client) {
  return {
    coins: (opts?: CallOptions) => client.get<ExchangeCoins>('/api/app/exchange/coins', undefined, opts),
    quote: (body: ExchangeQuoteRequest, opts?: CallOptions) =>
      client.post<ExchangeQuote>('/api/app/exchange/quote', body, opts),
    execute: (quoteId: string, opts?: CallOptions) =>
      client.post<ExchangeRecord>('/api/app/exchange/execute', { quote_id: quoteId }, opts),
    history: (query?: PageParams, opts?: CallOptions) =>
      client.get<ExchangeRecordPage>('/api/app/exchange/history', query, opts),
    /** One purpose of the treasury (ADR 113); the server's default is the flash float. */
    adminTreasury: (query?: { purpose?: TreasuryPurpose }, opts?: CallOptions) =>
      client.get<TreasuryBalances>('/api/admin/treasury', query, opts),
    adminFundTreasury: (body: TreasuryFundRequest, opts?: CallOptions) =>
      client.post<TreasuryBalances>('/api/admin/treasury/fund', body, opts),
  };
}
