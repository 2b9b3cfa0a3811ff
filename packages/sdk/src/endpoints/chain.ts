import type {
  AdminDeposit,
  AdminWithdrawal,
  ChainDepositRequest,
  Deposit,
  DepositAddress,
  DepositStatus,
  Page,
  Withdrawal,
  WithdrawalStatus,
  WithdrawRequest,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

export type ChainListQuery<S extends string> = {
  page?: number;
  limit?: number;
  status?: S | S[];
};

const enc = encodeURIComponent;

/**
 * USDC TRC20 deposits and withdrawals with the contract's types (`wallet.*` keeps the loosely typed
 * calls). Pass `idempotencyKey` to `withdraw` so a retried request freezes the money once.
 */
export function chainApi(client: Client) {
  return {
    depositAddress: (opts?: CallOptions) =>
      client.get<DepositAddress>('/api/app/wallet/deposit/address', { coin: 'USDC', network: 'TRC20' }, opts),
    deposits: (query?: ChainListQuery<DepositStatus>, opts?: CallOptions) =>
      client.get<Page<Deposit>>('/api/app/wallet/deposits', query, opts),
    withdrawals: (query?: ChainListQuery<WithdrawalStatus>, opts?: CallOptions) =>
      client.get<Page<Withdrawal>>('/api/app/wallet/withdrawals', query, opts),
    withdraw: (body: WithdrawRequest, opts?: CallOptions) =>
      client.post<Withdrawal>('/api/app/wallet/withdraw', body, opts),
    admin: {
      withdrawals: (query?: ChainListQuery<WithdrawalStatus>, opts?: CallOptions) =>
        client.get<Page<AdminWithdrawal>>('/api/admin/withdrawals', query, opts),
      approve: (id: string, opts?: CallOptions) =>
        client.post<AdminWithdrawal>(`/api/admin/withdrawals/${enc(id)}/approve`, {}, opts),
      reject: (id: string, reason: string, opts?: CallOptions) =>
        client.post<AdminWithdrawal>(`/api/admin/withdrawals/${enc(id)}/reject`, { reason }, opts),
      deposits: (query?: ChainListQuery<DepositStatus>, opts?: CallOptions) =>
        client.get<Page<AdminDeposit>>('/api/admin/chain/deposits', query, opts),
      /** Simulated chain only (the embedded default): a transfer arrives at `address`. */
      simulateDeposit: (body: ChainDepositRequest, opts?: CallOptions) =>
        client.post<AdminDeposit>('/api/admin/chain/deposit', body, opts),
    },
  };
}
