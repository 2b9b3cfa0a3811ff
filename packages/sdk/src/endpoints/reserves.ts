import type {
  LiabilityProof,
  MonthlyStatementQuery,
  MyLiabilityProof,
  SnapshotList,
  SnapshotSummary,
  StatementKind,
  StatementQuery,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

/** Proof of liabilities and reserves, statements (issue 13); `admin*` need the admin client. */
export function reservesApi(client: Client) {
  return {
    myProof: (opts?: CallOptions) => client.get<MyLiabilityProof>('/api/app/reserves/proof', undefined, opts),
    /** The proof file for `npx @ex/verify-liabilities` (the same JSON, without the envelope's extras). */
    downloadProof: (opts?: CallOptions) =>
      client.get<LiabilityProof>('/api/app/reserves/proof/download', undefined, opts),
    /** CSV or XLSX as a Blob (the client passes spreadsheets through). */
    statement: (kind: StatementKind, query: StatementQuery, opts?: CallOptions) =>
      client.get<Blob>(`/api/app/statements/${encodeURIComponent(kind)}`, { ...query }, opts),
    /** The monthly account statement as a PDF Blob. */
    monthly: (query: MonthlyStatementQuery, opts?: CallOptions) =>
      client.get<Blob>('/api/app/statements/monthly', { ...query }, opts),
    adminSnapshots: (opts?: CallOptions) =>
      client.get<SnapshotList>('/api/admin/reserves/snapshots', undefined, opts),
    adminSnapshotNow: (opts?: CallOptions) =>
      client.post<SnapshotSummary>('/api/admin/reserves/snapshots', {}, opts),
  };
}
