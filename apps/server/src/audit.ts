// `npm run audit`: opens the database of the configuration, replays the engine (snapshot + journal),
// recomputes every account's buckets from the persisted ledger rows, and checks that they equal the
// engine's balances and that every asset sums to zero over users and system accounts. Prints a
// summary; exits non-zero on any mismatch.

import { accountKey, checkInvariants } from '@ex/core';
import { sql } from 'kysely';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { type Db, openDatabase } from './db/db.ts';
import { EngineHost } from './engine/host.ts';
import { MIGRATIONS } from './migrations.ts';

export interface AuditReport {
  accounts: number;
  entries: number;
  journal: number;
  problems: string[];
  totals: Record<string, string>;
}

export async function runAudit(db: Db): Promise<AuditReport> {
  const host = await EngineHost.start({ db, clock: systemClock });
  const rows = await sql<{
    owner: string;
    account: string;
    coin: string;
    available: string;
    frozen: string;
    n: string;
  }>`select owner, account, coin, sum(available_delta) as available, sum(frozen_delta) as frozen, count(*) as n
     from ledger_entries group by owner, account, coin`.execute(db);
  const problems: string[] = [];
  const recomputed = new Map<string, { available: bigint; frozen: bigint }>();
  const totals = new Map<string, bigint>();
  let entries = 0;
  for (const r of rows.rows) {
    const key = accountKey(r.owner, r.account as Parameters<typeof accountKey>[1], r.coin);
    const b = { available: BigInt(r.available), frozen: BigInt(r.frozen) };
    recomputed.set(key, b);
    totals.set(r.coin, (totals.get(r.coin) ?? 0n) + b.available + b.frozen);
    entries += Number(r.n);
  }
  for (const [key, engineBalance] of host.engine.ledger.accounts()) {
    const b = recomputed.get(key) ?? { available: 0n, frozen: 0n };
    if (b.available !== engineBalance.available || b.frozen !== engineBalance.frozen) {
      problems.push(
        `${key}: ledger rows give ${b.available}/${b.frozen}, engine has ${engineBalance.available}/${engineBalance.frozen}`,
      );
    }
    recomputed.delete(key);
  }
  for (const [key, b] of recomputed) {
    if (b.available !== 0n || b.frozen !== 0n)
      problems.push(`${key}: ledger rows give ${b.available}/${b.frozen}, unknown to the engine`);
  }
  for (const [coin, total] of totals) if (total !== 0n) problems.push(`${coin}: not conserved, sum ${total}`);
  problems.push(...checkInvariants(host.engine).map((p) => `engine: ${p}`));
  return {
    accounts: host.engine.ledger.accounts().length,
    entries,
    journal: host.journalLength,
    problems,
    totals: Object.fromEntries([...totals].map(([c, v]) => [c, v.toString()])),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
    MIGRATIONS,
  );
  try {
    const r = await runAudit(database.db);
    console.log(
      `audit: ${r.journal} journaled commands replayed, ${r.accounts} accounts, ${r.entries} ledger rows; sums per asset: ${JSON.stringify(r.totals)}`,
    );
    if (r.problems.length > 0) {
      console.error(`audit FAILED, ${r.problems.length} problem(s):`);
      for (const p of r.problems.slice(0, 50)) console.error(`  - ${p}`);
      process.exitCode = 1;
    } else console.log('audit OK: every balance equals the sum of its ledger rows; every asset is conserved');
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('audit.ts') || process.argv[1]?.endsWith('audit.js')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
