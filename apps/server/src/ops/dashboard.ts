import type { Dashboard } from '@ex/contract';
import { formatDecimal, systemAccount } from '@ex/core';
import { sql } from 'kysely';
import { chainDb } from '../chain/tables.ts';
import type { Services } from '../deps.ts';
import { QUOTE } from '../engine/config.ts';
import { MARKETS } from '../engine/markets.ts';
import { assetScale, formatAmount, marketUnits } from '../engine/units.ts';
import { treasuriesOf } from '../exchange/treasury.ts';
import { indexHealthOf } from '../feed/health.ts';
import { kycDb } from '../kyc/tables.ts';
import { pausedMarkets } from './market-state.ts';

const DAY_MS = 86_400_000;

/**
 * The console's first screen: counts and sums straight from the tables and the engine, read-only.
 * Sums are NUMERIC in SQL and bigint here, never floats. "Today" is the UTC day.
 */
export async function dashboard(s: Services): Promise<Dashboard> {
  const now = s.clock.now();
  const dayStart = String(now - (now % DAY_MS));
  const cdb = chainDb(s.db);
  const count = (n: { n: string | number | bigint } | undefined) => Number(n?.n ?? 0);

  let dbOk = true;
  const users = await s.db
    .selectFrom('users')
    .select([
      sql<string>`count(*)`.as('n'),
      sql<string>`count(*) filter (where created_at >= ${dayStart})`.as('today'),
      sql<string>`count(*) filter (where banned_at is not null)`.as('banned'),
    ])
    .executeTakeFirst()
    .catch(() => {
      dbOk = false;
      return undefined;
    });
  const deposits = await cdb
    .selectFrom('chain_deposits')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('sum')])
    .where('created_at', '>=', dayStart)
    .where('status', '=', 'received')
    .executeTakeFirst();
  const withdrawals = await cdb
    .selectFrom('withdrawals')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('sum')])
    .where('created_at', '>=', dayStart)
    .executeTakeFirst();
  const pendingWithdrawals = await cdb
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'under_review')
    .executeTakeFirst();
  const pendingKyc = await kycDb(s.db)
    .selectFrom('kyc_applications')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'under_audit')
    .executeTakeFirst();
  const volumes = await s.edb
    .selectFrom('trades')
    .select(['market', sql<string>`sum(qty)::text`.as('base'), sql<string>`sum(value)::text`.as('quote')])
    .where('ts', '>=', String(now - DAY_MS))
    .groupBy('market')
    .execute();

  // Open interest: the long side of every perpetual (it equals the short side).
  const longLots = new Map<string, bigint>();
  for (const p of s.engine.engine.perp.allPositions()) {
    if (p.side === 'long') longLots.set(p.symbol, (longLots.get(p.symbol) ?? 0n) + p.size);
  }
  const byMarket = new Map(volumes.map((v) => [v.market, v]));
  const insurance = s.engine.engine.ledger.balance(systemAccount('insurance', QUOTE));
  const health = indexHealthOf(s.engine);
  const treasury = treasuriesOf(s.engine, s.config.treasuryLowWater, () => {}).overview();

  return {
    users: { total: count(users), today: Number(users?.today ?? 0), banned: Number(users?.banned ?? 0) },
    // Chain amounts are NUMERIC in USDC's smallest unit (chain/migration.ts).
    deposits_today: { count: count(deposits), amount: formatAmount(BigInt(deposits?.sum ?? '0'), QUOTE) },
    withdrawals_today: {
      count: count(withdrawals),
      amount: formatAmount(BigInt(withdrawals?.sum ?? '0'), QUOTE),
    },
    pending_reviews: { withdrawals: count(pendingWithdrawals), kyc: count(pendingKyc) },
    volume_24h: MARKETS.map((m) => {
      const v = byMarket.get(m.symbol);
      return { symbol: m.symbol, base_volume: v?.base ?? '0', quote_volume: v?.quote ?? '0' };
    }),
    open_interest: MARKETS.filter((m) => m.kind === 'perp').map((m) => {
      const units = marketUnits(m.symbol)!;
      const lots = longLots.get(m.symbol) ?? 0n;
      return {
        symbol: m.symbol,
        quantity: formatDecimal(lots * units.scales.stepSize, units.scales.qtyScale),
      };
    }),
    insurance_fund: formatDecimal(insurance.available, assetScale(QUOTE)),
    treasury: treasury.map((t) => ({ purpose: t.purpose, coin: t.coin, available: t.available, low: t.low })),
    engine: {
      db_ok: dbOk,
      journal_length: s.engine.journalLength,
      paused_markets: [...pausedMarkets(s.engine).keys()],
      stale_index: MARKETS.filter((m) => m.kind === 'perp' && health.staleSymbol(m.symbol)).map(
        (m) => m.symbol,
      ),
    },
    ts: now,
  };
}
