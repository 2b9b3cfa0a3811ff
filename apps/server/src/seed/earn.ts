// The demo's savings and stakes (ADR 256): a fresh embedded default showed the AI quant and staking
// records of the demo empty and the console's staking review queue with nothing in it, while
// seedWorld had put the products there. The demo subscribes and stakes as a user does, through
// AiService and StakingService (spot -> earn through the engine, ADRs 080/081), with the clock set
// back to when it happened, as the other seeds do:
//
// - AI quant: 1,000 USDC in the flexible product six days ago, 500 USDC for 7 days three days ago.
//   The accrual then runs once at the start's time, as the hourly job would an hour later: interest
//   for every day since is paid from the earn reserve, so the records show what the product earned.
// - Staking: 1 ETH for 60 days six days ago, approved by the operator the next day (in the audit
//   log, seed/operator.ts), so it runs; 200 USDC for 30 days two hours ago, waiting for review in
//   the console. A stake pays its interest at the end of its term, so nothing accrues before.
//
// Each part is skipped once the demo has a subscription (or a stake) of its own: a restart, or a
// demo that subscribed itself, adds nothing. Each money move is a step of the seed's timeline
// (seed/timeline.ts, ADR 269), dated as its record is; the two parts run together, their days
// interleaving.

import { AdminStake, AiSubscribeRequest, StakeRequest } from '@ex/contract';
import { AiService } from '../ai/service.ts';
import { aiDb } from '../ai/tables.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../deps.ts';
import { treasuriesOf } from '../exchange/treasury.ts';
import { AppError } from '../http/errors.ts';
import { StakingService } from '../staking/service.ts';
import { stakingDb } from '../staking/tables.ts';
import { asOperator, type SeedOperator } from './operator.ts';
import { SeedTimeline } from './timeline.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (ms: number): Clock => ({ now: () => ms });

/** The demo's AI subscriptions, oldest first: which product (kind and term), how much, when. */
export const DEMO_AI: { kind: 'current' | 'fixed'; days: number; amount: string; agoMs: number }[] = [
  { kind: 'current', days: 0, amount: '1000', agoMs: 6 * DAY_MS + 2 * HOUR_MS },
  { kind: 'fixed', days: 7, amount: '500', agoMs: 3 * DAY_MS + 5 * HOUR_MS },
];

/** The demo's stakes, oldest first; `approvedAfterMs` set: the operator approved it that much later. */
export const DEMO_STAKES: { coin: string; amount: string; agoMs: number; approvedAfterMs?: number }[] = [
  { coin: 'ETH', amount: '1', agoMs: 6 * DAY_MS + 4 * HOUR_MS, approvedAfterMs: 20 * HOUR_MS },
  { coin: 'USDC', amount: '200', agoMs: 2 * HOUR_MS },
];

/** True when the demo has an AI order in any state: the seed ran, or the demo subscribed itself. */
async function subscribed(s: Services, demoId: string): Promise<boolean> {
  const row = await aiDb(s.db)
    .selectFrom('ai_orders')
    .select('id')
    .where('user_id', '=', demoId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the demo has a stake in any state (a row `pending` for a moment counts too). */
async function staked(s: Services, demoId: string): Promise<boolean> {
  const row = await stakingDb(s.db)
    .selectFrom('stakes')
    .select('id')
    .where('user_id', '=', demoId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function seedAi(s: Services, demoId: string, tl: SeedTimeline): Promise<boolean> {
  if (await subscribed(s, demoId)) return false;
  const treasuries = treasuriesOf(s.engine, s.config.treasuryLowWater, () => {});
  const ai = (clock: Clock) => new AiService(aiDb(s.db), s.edb, s.engine, clock, treasuries);
  const products = await ai(s.clock).products();
  const now = s.clock.now();
  let any = false;
  for (const o of DEMO_AI) {
    const product = products.find(
      (p) => p.enabled && p.coin === 'USDC' && p.kind === o.kind && p.days === o.days,
    );
    if (product === undefined) continue;
    await tl.at(now - o.agoMs, () =>
      ai(at(now - o.agoMs)).subscribe(
        demoId,
        AiSubscribeRequest.parse({ product_id: product.id, amount: o.amount, days: o.days }),
        'de',
      ),
    );
    any = true;
  }
  // What the hourly job does: the days since each subscription, paid from the earn reserve.
  if (any) await tl.at(now, () => ai(at(now)).runAccrual());
  return any;
}

async function seedStakes(
  s: Services,
  demoId: string,
  operator: SeedOperator,
  tl: SeedTimeline,
): Promise<boolean> {
  if (await staked(s, demoId)) return false;
  const staking = (clock: Clock) => new StakingService(stakingDb(s.db), s.edb, s.engine, clock);
  const products = await staking(s.clock).products();
  const now = s.clock.now();
  let any = false;
  for (const st of DEMO_STAKES) {
    const product = products.find((p) => p.enabled && p.coin === st.coin);
    if (product === undefined) continue;
    const stake = await tl.at(now - st.agoMs, () =>
      staking(at(now - st.agoMs)).stake(
        demoId,
        StakeRequest.parse({ product_id: product.id, amount: st.amount }),
        'de',
      ),
    );
    any = true;
    if (st.approvedAfterMs === undefined) continue;
    const approvedAt = now - st.agoMs + st.approvedAfterMs;
    await tl.at(approvedAt, () =>
      asOperator(
        s,
        operator,
        approvedAt,
        { url: '/api/admin/staking/stakes/:id/review', id: stake.id, table: 'stakes' },
        () => staking(at(approvedAt)).review(stake.id, { action: 'approve' }),
        (r) => AdminStake.parse(r),
      ),
    );
  }
  return any;
}

/**
 * Seeds the demo's AI subscriptions and stakes once each, after the demo world (the products) and
 * with the operator who reviews. False when both parts were skipped, or when a service refused
 * (the demo of an older database may have spent its funds): logged, and the start goes on, as for
 * the flash history; a part that left nothing is tried again at the next start.
 */
export async function seedEarn(
  s: Services,
  demoId: string,
  operator: SeedOperator,
  options: { log?: (message: string) => void; timeline?: SeedTimeline } = {},
): Promise<boolean> {
  const tl = options.timeline ?? new SeedTimeline(s.clock);
  const parts = [
    ['AI subscriptions', () => seedAi(s, demoId, tl)],
    ['stakes', () => seedStakes(s, demoId, operator, tl)],
  ] as const;
  // Together: their days interleave (the ETH stake comes before the first AI subscription).
  const outcomes = await tl.together(parts.map(([, part]) => part));
  let any = false;
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') {
      if (outcome.value) any = true;
      continue;
    }
    const error = outcome.reason;
    if (!(error instanceof AppError)) throw error;
    options.log?.(`demo ${parts[i]![0]} not seeded (in full): ${error.errorName}`);
  }
  return any;
}
