import type { StatementKind } from '@ex/contract';
import { api } from '../../../lib/api.ts';
import { isoDay } from '../../../lib/time.ts';
import { saveBlob } from '../lib/save.ts';

/** Downloads one statement (CSV or XLSX) for [from, to) in ms and saves it under a dated name. */
export async function downloadStatement(
  kind: StatementKind,
  from: number,
  to: number,
  format: 'csv' | 'xlsx',
) {
  const blob = await api.reserves.statement(kind, { from, to, format });
  saveBlob(blob, `${kind}-${isoDay(from)}-${isoDay(to - 1)}.${format}`);
}

/** Downloads the monthly account statement (PDF) of `month` (YYYY-MM). */
export async function downloadMonthly(month: string) {
  const blob = await api.reserves.monthly({ month });
  saveBlob(blob, `statement-${month}.pdf`);
}

/** Saves the caller's proof file for `npx @ex/verify-liabilities proof.json`. */
export async function downloadProofFile() {
  const proof = await api.reserves.downloadProof();
  saveBlob(
    new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }),
    `liabilities-proof-${proof.snapshot_id}.json`,
  );
}
