import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type {
  DepositAddress,
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
    balances: (opts?: CallOptions) => call(client, 'walletBalances', {}, opts),
    /** Pass `idempotencyKey` so a retried transfer moves the money once. */
    transfer: (body: TransferRequest, opts?: CallOptions) => call(client, 'walletTransfer', { body }, opts),
    ledger: (query?: LedgerQuery, opts?: CallOptions) => call(client, 'walletLedger', { query }, opts),
    depositAddress: (query: { coin: string; network: string }, opts?: CallOptions) =>
      client.get<DepositAddress>('/api/app/wallet/deposit/address', query, opts),
    deposits: (query?: PageQuery & { status?: string | string[] }, opts?: CallOptions) =>
      client.get<Page<WalletRecord>>('/api/app/wallet/deposits', query, opts),
    withdrawals: (query?: PageQuery & { status?: string | string[] }, opts?: CallOptions) =>
      client.get<Page<WalletRecord>>('/api/app/wallet/withdrawals', query, opts),
    /** Own spot <-> contract transfers, newest first. */
    transfers: (query?: PageQuery, opts?: CallOptions) => call(client, 'walletTransfers', { query }, opts),
    /** Resolves with the withdrawal, status `under_review`. Pass `idempotencyKey`. */
    withdraw: (body: WithdrawRequest, opts?: CallOptions) =>
      client.post<WalletRecord>('/api/app/wallet/withdraw', body, opts),
  };
}
