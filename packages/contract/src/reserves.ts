import { z } from 'zod';

// Proof of liabilities and reserves (issue 13, ADR 140-142). Amounts inside a proof are integers in
// the asset's smallest unit as decimal strings (the verifier hashes exactly these strings); amounts
// meant for reading (reserves, ratios) are decimal strings with the asset's scale.

const Units = z.string().regex(/^(0|[1-9][0-9]*)$/);
const Hex = z.string().regex(/^[0-9a-f]+$/);

export const ProofAsset = z.object({ coin: z.string(), scale: z.number().int() });
export const ProofPathStep = z.object({ side: z.enum(['left', 'right']), hash: Hex, sums: z.array(Units) });

/** What `npx @ex/verify-liabilities proof.json` checks (packages/verify-liabilities). */
export const LiabilityProof = z.object({
  version: z.literal(1),
  snapshot_id: z.string(),
  created_at: z.number().int(),
  assets: z.array(ProofAsset),
  root: z.object({ hash: Hex, sums: z.array(Units) }),
  signature: Hex,
  public_key: Hex,
  leaf: z.object({ user_id: z.string(), salt: Hex, balances: z.array(Units) }),
  path: z.array(ProofPathStep),
});
export type LiabilityProof = z.infer<typeof LiabilityProof>;

/** USDC on chain (hot + deposit wallets) against the USDC owed to users, at one snapshot. */
export const ReserveRatio = z.object({
  coin: z.literal('USDC'),
  /** Decimal strings with the asset's scale; null when no reserve reader is wired (ADR 141). */
  reserves: z.string().nullable(),
  liabilities: z.string(),
  /** reserves / liabilities in percent with two decimals ("100.00"), rounded down; null when unknown. */
  ratio_percent: z.string().nullable(),
  /** Where the reserve figure came from: the simulated chain (embedded default), a TRON node, or none. */
  source: z.enum(['simulated', 'tron', 'unavailable']),
});
export type ReserveRatio = z.infer<typeof ReserveRatio>;

export const SnapshotSummary = z.object({
  id: z.string(),
  created_at: z.number().int(),
  trigger: z.enum(['daily', 'operator']),
  users: z.number().int(),
  root_hash: Hex,
  /** Totals per asset, decimal strings with the asset's scale (the root sums, readable). */
  totals: z.array(z.object({ coin: z.string(), total: z.string() })),
  /** Accounts whose negative net balance in an asset was counted as zero (ADR 140). */
  negative_accounts: z.number().int(),
  signature: Hex,
  public_key: Hex,
  reserve: ReserveRatio,
});
export type SnapshotSummary = z.infer<typeof SnapshotSummary>;

/** The caller's view of the latest snapshot; `proof` is null when the account is newer than it. */
export const MyLiabilityProof = z.object({
  snapshot: SnapshotSummary,
  proof: LiabilityProof.nullable(),
});
export type MyLiabilityProof = z.infer<typeof MyLiabilityProof>;

export const SnapshotList = z.array(SnapshotSummary);
export type SnapshotList = z.infer<typeof SnapshotList>;

// Statements (issue 13 item 4, ADR 142).

export const STATEMENT_KINDS = ['ledger', 'orders', 'trades', 'deposits', 'withdrawals'] as const;
export const StatementKind = z.enum(STATEMENT_KINDS);
export type StatementKind = z.infer<typeof StatementKind>;
export const StatementParams = z.strictObject({ kind: StatementKind });

/** Longest range of one export; with the row cap it bounds the work of one request. */
export const STATEMENT_MAX_DAYS = 366;

const Ms = z.coerce.number().int().min(0).max(8_640_000_000_000);
export const StatementQuery = z
  .strictObject({
    /** Milliseconds since the epoch; `from` inclusive, `to` exclusive. */
    from: Ms,
    to: Ms,
    format: z.enum(['csv', 'xlsx']).default('csv'),
  })
  .refine((q) => q.to > q.from && q.to - q.from <= STATEMENT_MAX_DAYS * 86_400_000, {
    path: ['to'],
    error: 'validation.date_range',
    params: { days: STATEMENT_MAX_DAYS },
  });
export type StatementQuery = z.infer<typeof StatementQuery>;

export const MonthlyStatementQuery = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid_format' }),
});
export type MonthlyStatementQuery = z.infer<typeof MonthlyStatementQuery>;
