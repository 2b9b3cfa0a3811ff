import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { PageQuery, pageOf } from './pagination.ts';

// USDC on TRC20 only (product spec): deposit addresses, deposits, withdrawals and their review.

export const ChainCoin = z.enum(['USDC']);
export const ChainNetwork = z.enum(['TRC20']);

export const DepositAddressQuery = z.strictObject({ coin: ChainCoin, network: ChainNetwork });
export type DepositAddressQuery = z.infer<typeof DepositAddressQuery>;
export const DepositAddress = z.object({ coin: z.string(), network: z.string(), address: z.string() });
export type DepositAddress = z.infer<typeof DepositAddress>;

/** applying = seen on chain, not yet confirmed; received = credited; failed = reverted or unmatched. */
export const DEPOSIT_STATUSES = ['applying', 'received', 'failed'] as const;
export const DepositStatus = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatus>;

export const Deposit = z.object({
  id: z.string(),
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  from_address: z.string().nullable(),
  txid: z.string(),
  amount: z.string(),
  /** What the deposit is worth in USDC (the same as `amount` while only USDC is deposited). */
  usdc_amount: z.string(),
  status: DepositStatus,
  created_at: z.number().int(),
});
export type Deposit = z.infer<typeof Deposit>;
export const DepositPage = pageOf(Deposit);

/**
 * under_review -> completed (review passed, queued for payout) -> paying (broadcast) -> success;
 * under_review -> review_failed (refunded, with the operator's reason); paying -> failed (refunded).
 */
export const WITHDRAWAL_STATUSES = [
  'under_review',
  'completed',
  'review_failed',
  'paying',
  'success',
  'failed',
] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/** Repeated query keys arrive as an array, a single one as a string. */
const statusFilter = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(10).optional());

export const DepositQuery = z.strictObject({ ...PageQuery.shape, status: statusFilter(DepositStatus) });
export type DepositQuery = z.infer<typeof DepositQuery>;
export const WithdrawalQuery = z.strictObject({ ...PageQuery.shape, status: statusFilter(WithdrawalStatus) });
export type WithdrawalQuery = z.infer<typeof WithdrawalQuery>;

/**
 * `amount` is what leaves the spot wallet; the fee comes out of it and the address receives
 * `amount - fee`. The server checks the TRON checksum, min/max and the coin's scale (422s).
 */
export const WithdrawRequest = z.strictObject({
  coin: ChainCoin,
  network: ChainNetwork,
  address: z.string().min(1).max(64),
  amount: decimalString({ scale: 6 }),
  trade_password: z.string().min(1).max(128),
  /** Required once two-factor authentication is on: a TOTP or a recovery code (ADR 204). */
  totp_code: z.string().min(6).max(10).optional(),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

export const Withdrawal = z.object({
  id: z.string(),
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  receive_amount: z.string(),
  status: WithdrawalStatus,
  txid: z.string().nullable(),
  /** The operator's reason when the review failed. */
  reason: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalPage = pageOf(Withdrawal);

// ---- operator ----

export const AdminWithdrawal = Withdrawal.extend({
  user_id: z.string(),
  user_account: z.string().nullable(),
  reviewed_at: z.number().int().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalPage = pageOf(AdminWithdrawal);

export const WithdrawalIdParams = z.strictObject({ id: z.string().regex(/^[0-9a-f-]{36}$/) });
export const RejectWithdrawalRequest = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequest>;

/** A USDC transfer arriving on the simulated chain (embedded default only). */
export const ChainDepositRequest = z.strictObject({
  address: z.string().min(1).max(64),
  amount: decimalString({ scale: 6 }),
  txid: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: 'validation.txid' }),
});
export type ChainDepositRequest = z.infer<typeof ChainDepositRequest>;

export const AdminDeposit = Deposit.extend({ user_id: z.string().nullable() });
export type AdminDeposit = z.infer<typeof AdminDeposit>;
export const AdminDepositPage = pageOf(AdminDeposit);
export const AdminDepositQuery = DepositQuery;
