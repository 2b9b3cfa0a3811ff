import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type {
  Balances,
  DepositAddress,
  LedgerEntry,
  LedgerQuery,
  Page,
  PageQuery,
  TransferRequest,
  WalletRecord,
  WithdrawRequest,
} from '../types.ts';

export function walletApi(client: Client) {
  return {
    withdrawCoins: (opts?: CallOptions) => call(client, 'withdrawCoins', {}, opts),
    balances: (opts?: CallOptions) => client.get<Balances>('/api/app/wallet/balances', undefined, opts),
    /** Pass `idempotencyKey` so a retried transfer moves the money once. */
    transfer: (body: TransferRequest, opts?: CallOptions) =>
      client.post<unknown>('/api/app/wallet/transfer', body, opts),
    ledger: (query?: LedgerQuery, opts?: CallOptions) =>
      client.get<Page<LedgerEntry>>('/api/app/wallet/ledger', query, opts),
    depositAddress: (query: { coin: string; network: string }, opts?: CallOptions) =>
      client.get<DepositAddress>('/api/app/wallet/deposit/address', query, opts),
    deposits: (query?: PageQuery & { status?: string | string[] }, opts?: CallOptions) =>
      client.get<Page<WalletRecord>>('/api/app/wallet/deposits', query, opts),
    withdrawals: (query?: PageQuery & { status?: string | string[] }, opts?: CallOptions) =>
      client.get<Page<WalletRecord>>('/api/app/wallet/withdrawals', query, opts),
    transfers: (query?: PageQuery, opts?: CallOptions) =>
      client.get<Page<WalletRecord>>('/api/app/wallet/transfers', query, opts),
    /** Resolves with the withdrawal, status `under_review`. Pass `idempotencyKey`. */
    withdraw: (body: WithdrawRequest, opts?: CallOptions) =>
      client.post<WalletRecord>('/api/app/wallet/withdraw', body, opts),
  };
}
