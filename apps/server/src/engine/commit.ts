// The group commit's inserts as ONE statement (issue 9, ADR 173): every table's rows of a batch go
// as one JSON parameter, expanded by PostgreSQL with `json_populate_recordset`, each table in its
// own data-modifying CTE. One round trip and one parse instead of a Kysely-built INSERT per table
// and 500 rows (plus BEGIN and COMMIT), and no statement text that grows with the rows. A single
// statement is atomic on its own, so a batch without order updates needs no transaction at all.

import { CompiledQuery, type Kysely } from 'kysely';
import { runOften } from '../db/db.ts';
import type { RowBatch } from './projector.ts';
import type { EngineTables } from './tables.ts';

type Table = keyof EngineTables;

/** The tables a batch inserts into, in the order the former per-table inserts ran. */
const TABLES: readonly [Table, keyof RowBatch][] = [
  ['engine_commands', 'commands'],
  ['ledger_entries', 'ledger'],
  ['orders', 'orders'],
  ['trades', 'trades'],
  ['transfers', 'transfers'],
  ['position_history', 'positions'],
  ['idempotency_keys', 'idempotency'],
];

/**
 * Rows grouped by the columns they set (an undefined field is left out, as Kysely did, so the
 * column's default applies; a missing key in `json_populate_recordset` would be NULL instead).
 */
function byColumns(rows: readonly object[]): { columns: string[]; rows: object[] }[] {
  const groups = new Map<string, { columns: string[]; rows: object[] }>();
  let last: { columns: string[]; rows: object[] } | undefined;
  for (const row of rows) {
    // Most rows of a table have the columns of the row before: compared in place, no key built
    // (building a key string per row was 1.6 % of the main thread under bench:http, ADR 213).
    if (last !== undefined && sameColumns(row as Record<string, unknown>, last.columns)) {
      last.rows.push(row);
      continue;
    }
    const columns = Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
    const key = columns.join(',');
    let g = groups.get(key);
    if (g === undefined) {
      g = { columns, rows: [] };
      groups.set(key, g);
    }
    g.rows.push(row);
    last = g;
  }
  return [...groups.values()];
}

/** Whether the row's defined fields are exactly `columns`, in that order. */
function sameColumns(row: Record<string, unknown>, columns: readonly string[]): boolean {
  let i = 0;
  for (const k in row) {
    if (row[k] === undefined) continue;
    if (columns[i] !== k) return false;
    i++;
  }
  return i === columns.length;
}

/** A quoted identifier, as Kysely's `sql.id` writes it. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The batch's INSERT, ready to run on the pool or in a transaction. */
export interface BatchInsert {
  sql: string;
  parameters: string[];
  execute(db: Pick<Kysely<EngineTables>, 'executeQuery'>): Promise<unknown>;
}

/**
 * One statement inserting every row of the batch, or null when it has none. The text is written
 * here rather than through Kysely's `sql` template: the same statement, without building and
 * compiling a query tree per batch (1-2 % of the main thread under bench:http, ADR 213).
 */
export function insertBatch(batch: RowBatch): BatchInsert | null {
  const ctes: string[] = [];
  const parameters: string[] = [];
  for (const [table, field] of TABLES) {
    const rows = batch[field] as readonly object[];
    if (rows.length === 0) continue;
    for (const g of byColumns(rows)) {
      const cols = g.columns.map(ident).join(', ');
      // Values are strings, numbers, booleans or null (tables.ts): JSON carries them exactly and
      // PostgreSQL converts each with its column type's own input function (numeric stays exact).
      parameters.push(JSON.stringify(g.rows));
      ctes.push(
        `${ident(`w${ctes.length}`)} as (insert into ${ident(table)} (${cols}) select ${cols} from json_populate_recordset(null::${ident(table)}, $${parameters.length}::json))`,
      );
    }
  }
  if (ctes.length === 0) return null;
  const text = `with ${ctes.join(', ')} select 1`;
  runOften(text);
  return {
    sql: text,
    parameters,
    execute: (db) => db.executeQuery(CompiledQuery.raw(text, parameters)),
  };
}
