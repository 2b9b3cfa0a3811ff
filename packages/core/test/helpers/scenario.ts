// The scenario builder the perpetual tests share (perp-defects, perp-orders, market-params): the
// demo engine driven one command at a time through the real `execute`, each command stamped with
// the next time and followed by the invariant checker, with the usual first steps (fund a user's
// contract wallet, move the index, place a limit order) as one call each.
import { expect } from 'vitest';
import {
  accountKey,
  type Command,
  checkInvariants,
  DEMO_PERP_MARKETS,
  demoEngineConfig,
  type EngineEvent,
  ExchangeEngine,
  parseDecimal,
  ResultCode,
  systemAccount,
} from '../../src/index.ts';

export const USDC = 1_000_000n;
export const SYM = 'BTC_USDC_PERP';
/**
 * A test literal (50_000.5, 0.001) as an integer at `scale`, read from its decimal text with the
 * core's parser: no float arithmetic, and a literal finer than the scale fails the test instead of
 * being rounded silently.
 */
function units(n: number, scale: number): bigint {
  const r = parseDecimal(String(n), scale, { allowNegative: true });
  if (!r.ok) throw new Error(`test literal ${n} at scale ${scale}: ${r.error}`);
  return r.value;
}
// BTC_USDC_PERP: ticks of 0.1, lots of 0.001 BTC.
export const px = (usd: number) => Number(units(usd, 1));
export const btc = (n: number) => Number(units(n, 3));
export const usdc = (n: number) => units(n, 6);

export type WithoutTs<T> = T extends unknown ? Omit<T, 'ts'> : never;
export type ContractAction = 'open_long' | 'open_short' | 'close_long' | 'close_short';
export type Mode = 'cross' | 'isolated';

export interface ScenarioOptions {
  /** What `journal` keeps: every command run (the default) or only the accepted ones. */
  journal?: 'all' | 'accepted';
  /** When set, `fund` also sets this leverage on BTC_USDC_PERP for the user. */
  leverage?: number;
  /** BTC_USDC_PERP's liquidation clearance fee (ppm of the notional); the demo's 100 % without it. */
  liquidationFeePpm?: bigint;
}

export type Scenario = ReturnType<typeof perpScenario>;

export function perpScenario(options: ScenarioOptions = {}) {
  const { liquidationFeePpm } = options;
  const e = new ExchangeEngine(
    demoEngineConfig({
      keepJournal: true,
      ...(liquidationFeePpm !== undefined && {
        perpMarkets: DEMO_PERP_MARKETS.map((m) => (m.symbol === SYM ? { ...m, liquidationFeePpm } : m)),
      }),
    }),
  );
  let ts = 1_000;
  const journal: Command[] = [];
  /** Every event of every command, in order. */
  const all: EngineEvent[] = [];
  /** Runs one command at the next time (or at `at`, leaving the clock) and checks the invariants. */
  const run = (c: WithoutTs<Command>, at = ts++) => {
    const cmd = { ...c, ts: at } as Command;
    const r = e.execute(cmd);
    if (options.journal !== 'accepted' || r.code === ResultCode.OK) journal.push(cmd);
    all.push(...r.events);
    expect(checkInvariants(e, r.events)).toEqual([]);
    return r;
  };
  /**
   * Deposits `amount` USDC and, unless `toContract` is false, moves it to the contract wallet (then
   * sets the scenario's `leverage`, if it has one).
   */
  const fund = (userId: string, amount: bigint, toContract = true) => {
    run({ type: 'deposit', id: `d-${userId}`, userId, asset: 'USDC', amount });
    if (toContract)
      run({
        type: 'transfer',
        id: `t-${userId}`,
        userId,
        asset: 'USDC',
        from: 'spot',
        to: 'contract',
        amount,
      });
    if (options.leverage !== undefined)
      run({ type: 'setLeverage', userId, symbol: SYM, leverage: options.leverage });
  };
  const wallet = (u: string) => e.ledger.balance(accountKey(u, 'contract', 'USDC'));
  const price = (usd: number) => run({ type: 'priceUpdate', symbol: SYM, indexPrice: BigInt(px(usd)) });
  let n = 0;
  /** The next number of the `o1`, `o2`, ... (and `s3`, `c4`, ...) ids of this scenario. */
  const nextId = () => ++n;
  /** A limit order `o<n>` of `qtyBtc` BTC at `usd` on BTC_USDC_PERP. */
  const place = (
    userId: string,
    action: ContractAction,
    mode: Mode,
    usd: number,
    qtyBtc: number,
    extra: Partial<Extract<Command, { type: 'contractPlace' }>> = {},
  ) =>
    run({
      type: 'contractPlace',
      orderId: `o${nextId()}`,
      userId,
      symbol: SYM,
      action,
      orderType: 'limit',
      mode,
      price: px(usd),
      qty: btc(qtyBtc),
      ...extra,
    });
  /** A limit order in cross (unless `extra.mode` says otherwise): its result and its id. */
  const limit = (
    userId: string,
    action: ContractAction,
    usd: number,
    qtyBtc: number,
    extra: Partial<Extract<Command, { type: 'contractPlace' }>> = {},
  ) => {
    const orderId = `o${n + 1}`;
    return { r: place(userId, action, 'cross', usd, qtyBtc, extra), orderId };
  };
  /** The insurance fund's USDC. */
  const fundBalance = () => e.ledger.available(systemAccount('insurance', 'USDC'));
  const mode = (userId: string, m: 'hedge' | 'one_way') => run({ type: 'setPositionMode', userId, mode: m });
  const pos = (u: string, side: 'long' | 'short', m: Mode = 'cross') => e.perp.position(u, SYM, m, side);
  /** Moves the clock to `at` (ms) for the next commands. */
  const jump = (at: number) => {
    ts = at;
  };
  return { e, run, journal, all, fund, wallet, price, nextId, place, limit, fundBalance, mode, pos, jump };
}

/**
 * The scenarios' usual start: each user in `funds` funded (in that order), the index at `usd`, bob
 * short `qtyBtc` BTC resting at `usd` in cross, then alice's opening long in `mode` (its result).
 */
export function aliceLongAgainstBob(
  s: Scenario,
  funds: Record<string, bigint>,
  mode: Mode,
  { usd = 50_000, qtyBtc = 1 }: { usd?: number; qtyBtc?: number } = {},
) {
  for (const [user, amount] of Object.entries(funds)) s.fund(user, amount);
  s.price(usd);
  s.place('bob', 'open_short', 'cross', usd, qtyBtc);
  return s.place('alice', 'open_long', mode, usd, qtyBtc);
}

/** alice's stop loss at `slUsd` (no take-profit) on her long in `mode`, e.g. `{ tpslBy: 'last' }`. */
export const aliceStopLoss = (
  s: Scenario,
  mode: Mode,
  slUsd: number,
  extra: Partial<Extract<Command, { type: 'setTpsl' }>> = {},
) =>
  s.run({
    type: 'setTpsl',
    userId: 'alice',
    symbol: SYM,
    mode,
    side: 'long',
    tp: 0n,
    sl: BigInt(px(slUsd)),
    ...extra,
  });
