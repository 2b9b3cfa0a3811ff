// A seeded, deterministic market simulation of the perpetuals core: many users with random
// leverage, margin modes, orders, closes, TP/SL, margin changes and transfers, market makers quoting
// around an index that walks with crashes and spikes, funding every 8 hours, and a share of
// colluding pairs that trade far from the mark. The invariant checker runs on every shortfall and
// at a fixed period; the result reconciles the insurance fund and the ADL at the end.
//
// Pure (no clock, no I/O): `npm run sim` (bench/sim.ts) runs it big and prints the summary; a small
// run is a Vitest test (test/simulation.test.ts).

import {
  accountKey,
  type Command,
  checkInvariants,
  checkShortfalls,
  demoEngineConfig,
  type EngineEvent,
  ExchangeEngine,
  INSURANCE_USER,
  type MarginMode,
  type PositionSide,
  parseAccountKey,
  ResultCode,
  resultCodeName,
  systemAccount,
} from '../src/index.ts';

export interface SimOptions {
  seed: number;
  commands: number;
  users: number;
  /** Full checkInvariants every this many commands (and always at the end). */
  checkEvery: number;
  /** Called after each periodic check (the CLI prints progress). */
  onCheck?: (commands: number, problems: number) => void;
  /** Share of the users that start in one-way position mode (ADR 180); default 0.5. */
  oneWayShare?: number;
  /** Liquidation clearance fee of every market (ADR 182); default the engine's (100%: all to the fund). */
  liquidationFeePpm?: bigint;
  /** ADR 195: every market's impact margin (quote units); unset: the top-of-book mid. */
  impactMarginQuote?: bigint;
}

export interface SimSummary {
  seed: number;
  commands: number;
  users: number;
  ok: number;
  refusals: Record<string, number>;
  trades: number;
  liquidations: { isolated: number; cross: number };
  /** Tiered liquidation steps (ADR 194): steps, lots reduced, of them filled in the book / to the fund. */
  tierSteps: { steps: number; lots: string; filled: string; toFund: string };
  adl: { events: number; lots: string };
  shortfalls: { events: number; insurancePaid: string; passedToAdlLots: string; socialised: string };
  funding: number;
  tpsl: number;
  /** One-way position mode: users in it at the start and the end, and accepted mode changes. */
  positionModes: { oneWayAtStart: number; oneWayAtEnd: number; changes: number };
  crashes: number;
  spikes: number;
  invariantChecks: number;
  /** Every problem the invariant checker reported (empty = sound). */
  problems: string[];
  insurance: {
    seed: string;
    end: string;
    /** Moved to the treasury by the periodic sweep. */
    swept: string;
    byEntry: Record<string, string>;
    reconciled: boolean;
  };
  settlement: { held: string; owedToPositions: string };
  fundPositions: number;
  openPositions: number;
  stateHash: string;
}

/** xorshift32: a small deterministic generator (randomness for the workload, never for money). */
function rng(seed: number) {
  let x = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(a: readonly T[]): T => a[Math.floor(next() * a.length)]!,
    chance: (p: number) => next() < p,
  };
}

const USDC = 1_000_000n;

interface Mkt {
  symbol: string;
  /** Index in ticks (a JS number: workload only, the engine gets a bigint). */
  index: number;
  lotsPerUnit: number;
  leverages: readonly number[];
  /** Remaining steps of a crash (< 0) or spike (> 0) in progress, and its step in ppm. */
  shockSteps: number;
  shockPpm: number;
}

export function runSimulation(o: SimOptions): SimSummary {
  const r = rng(o.seed);
  const base = demoEngineConfig();
  const fee = o.liquidationFeePpm;
  const impact = o.impactMarginQuote;
  const config =
    fee === undefined && impact === undefined
      ? base
      : {
          ...base,
          perpMarkets: base.perpMarkets.map((m) => ({
            ...m,
            ...(fee !== undefined && { liquidationFeePpm: fee }),
            ...(impact !== undefined && { impactMarginQuote: impact }),
          })),
        };
  const e = new ExchangeEngine(config);
  const markets: Mkt[] = [
    {
      symbol: 'BTC_USDC_PERP',
      index: 500_000,
      lotsPerUnit: 1000,
      leverages: [1, 2, 3, 5, 10, 20, 50, 100],
      shockSteps: 0,
      shockPpm: 0,
    },
    {
      symbol: 'ETH_USDC_PERP',
      index: 300_000,
      lotsPerUnit: 100,
      leverages: [1, 2, 3, 5, 10, 20, 50],
      shockSteps: 0,
      shockPpm: 0,
    },
  ];
  const users = Array.from({ length: o.users }, (_, i) => `u${i}`);
  const makers = ['mm0', 'mm1', 'mm2'];
  const modePref = new Map(users.map((u) => [u, r.chance(0.5) ? 'cross' : ('isolated' as MarginMode)]));
  const s: SimSummary = {
    seed: o.seed,
    commands: 0,
    users: o.users,
    ok: 0,
    refusals: {},
    trades: 0,
    liquidations: { isolated: 0, cross: 0 },
    tierSteps: { steps: 0, lots: '0', filled: '0', toFund: '0' },
    adl: { events: 0, lots: '0' },
    shortfalls: { events: 0, insurancePaid: '0', passedToAdlLots: '0', socialised: '0' },
    funding: 0,
    tpsl: 0,
    positionModes: { oneWayAtStart: 0, oneWayAtEnd: 0, changes: 0 },
    crashes: 0,
    spikes: 0,
    invariantChecks: 0,
    problems: [],
    insurance: { seed: '0', end: '0', swept: '0', byEntry: {}, reconciled: false },
    settlement: { held: '0', owedToPositions: '0' },
    fundPositions: 0,
    openPositions: 0,
    stateHash: '',
  };
  let insurancePaid = 0n;
  let adlLots = 0n;
  let socialised = 0n;
  let passedLots = 0n;
  const fundKey = systemAccount('insurance', 'USDC');
  const fundByEntry = new Map<string, bigint>();
  let ts = 1;
  let n = 0;
  const exec = (c: Command): EngineEvent[] => {
    const res = e.execute(c);
    s.commands++;
    if (res.code === ResultCode.OK) s.ok++;
    else {
      const name = resultCodeName(res.code);
      s.refusals[name] = (s.refusals[name] ?? 0) + 1;
    }
    let shortfall = false;
    for (const ev of res.events) {
      switch (ev.type) {
        case 'perp.trade':
          s.trades++;
          break;
        case 'perp.liquidation':
          if (ev.mode === 'isolated') s.liquidations.isolated++;
          else s.liquidations.cross++;
          break;
        case 'perp.tierReduction':
          s.tierSteps.steps++;
          s.tierSteps.lots = (BigInt(s.tierSteps.lots) + ev.qty).toString();
          s.tierSteps.filled = (BigInt(s.tierSteps.filled) + ev.filled).toString();
          s.tierSteps.toFund = (BigInt(s.tierSteps.toFund) + ev.toFund).toString();
          break;
        case 'perp.adl':
          s.adl.events++;
          adlLots += ev.qty;
          break;
        case 'perp.shortfall':
          shortfall = true;
          s.shortfalls.events++;
          insurancePaid += ev.insurancePaid;
          socialised += ev.socialised;
          passedLots += ev.adlQty;
          break;
        case 'perp.funding':
          s.funding++;
          break;
        case 'perp.positionMode':
          s.positionModes.changes++;
          break;
        case 'perp.tpsl':
          s.tpsl++;
          break;
        case 'perp.ledger':
        case 'wallet.ledger':
          for (const p of ev.entry.postings) {
            if (p.account !== fundKey) continue;
            // Group the fund's money by what moved it: liquidations, ADL, unwinds, shortfalls paid,
            // funding, the seed.
            const kind = ev.entry.ref
              .split(':')[0]!
              .replace(/^(c|o)\d+$/, 'trade')
              .replace(/^sweep\d+$/, 'sweep');
            const k = `${ev.entry.type}:${kind}`;
            fundByEntry.set(k, (fundByEntry.get(k) ?? 0n) + p.amount);
          }
          break;
        default:
      }
    }
    if (shortfall) s.problems.push(...checkShortfalls(e, res.events));
    if (s.commands % o.checkEvery === 0) {
      s.invariantChecks++;
      s.problems.push(...checkInvariants(e).map((p) => `after command ${s.commands}: ${p}`));
      o.onCheck?.(s.commands, s.problems.length);
    }
    return res.events;
  };

  // Set-up: deposits, transfers to the contract wallet, leverage, the insurance fund's seed.
  // A small fund, so that crashes exhaust it and the ADL paths run.
  const fundSeed = 20_000n * USDC;
  exec({
    type: 'ledgerTransfer',
    ts,
    id: 'fund-seed',
    entryType: 'system',
    from: { owner: 'system', kind: 'chain', asset: 'USDC' },
    to: { owner: 'system', kind: 'insurance', asset: 'USDC' },
    amount: fundSeed,
  });
  for (const u of [...makers, ...users]) {
    const amount = makers.includes(u) ? 2_000_000_000n * USDC : BigInt(r.int(200, 50_000)) * USDC;
    exec({ type: 'deposit', ts, id: `d-${u}`, userId: u, asset: 'USDC', amount });
    const inContract = makers.includes(u) ? amount : (amount * BigInt(r.int(30, 100))) / 100n;
    exec({
      type: 'transfer',
      ts,
      id: `t-${u}`,
      userId: u,
      asset: 'USDC',
      from: 'spot',
      to: 'contract',
      amount: inContract,
    });
    for (const m of markets) {
      const leverage = makers.includes(u) ? 1 : r.pick(m.leverages);
      exec({ type: 'setLeverage', ts, userId: u, symbol: m.symbol, leverage });
    }
    // Both position modes side by side: in one-way mode the same opens reduce and flip the net
    // position, and the closes are reduce-only orders.
    if (!makers.includes(u) && r.chance(o.oneWayShare ?? 0.5))
      exec({ type: 'setPositionMode', ts, userId: u, mode: 'one_way' });
  }
  s.positionModes.oneWayAtStart = s.positionModes.changes;
  for (const m of markets) exec({ type: 'priceUpdate', ts, symbol: m.symbol, indexPrice: BigInt(m.index) });

  const mark = (m: Mkt) => Number(e.perp.state(m.symbol)!.markPrice);
  /** A price `ppm` away from the mark, at least one tick. */
  const around = (m: Mkt, ppm: number) => Math.max(1, Math.round(mark(m) * (1 + ppm / 1_000_000)));
  /** A quantity in lots for a notional of about `usdc` at the mark. */
  const lotsFor = (m: Mkt, usdcAmount: number) =>
    Math.max(1, Math.round((usdcAmount * 10 * m.lotsPerUnit) / Math.max(mark(m), 1)));
  const place = (
    userId: string,
    m: Mkt,
    action: 'open_long' | 'open_short' | 'close_long' | 'close_short',
    mode: MarginMode,
    qty: number,
    price: number | undefined,
    tif: 'GTC' | 'IOC' | 'POST_ONLY' = 'GTC',
  ) =>
    exec({
      type: 'contractPlace',
      ts,
      orderId: `o${++n}`,
      userId,
      symbol: m.symbol,
      action,
      orderType: price === undefined ? 'market' : 'limit',
      mode,
      ...(price !== undefined ? { price, tif } : {}),
      qty,
    });

  /** Market makers: a fresh two-sided quote, closing inventory first. */
  const pull = (m: Mkt, mm: string) => {
    for (const ord of e.perp.ordersOf(mm)) {
      if (ord.symbol === m.symbol)
        exec({ type: 'contractCancel', ts, symbol: m.symbol, orderId: ord.orderId, userId: mm });
    }
  };
  const quote = (m: Mkt) => {
    const mm = r.pick(makers);
    pull(m, mm);
    for (let level = 1; level <= 3; level++) {
      const spread = level * r.int(300, 1500);
      const size = lotsFor(m, r.int(5_000, 80_000));
      const long = e.perp.position(mm, m.symbol, 'cross', 'long');
      const short = e.perp.position(mm, m.symbol, 'cross', 'short');
      const bidClose = short !== undefined && short.size >= BigInt(size) * 2n;
      const askClose = long !== undefined && long.size >= BigInt(size) * 2n;
      place(mm, m, bidClose ? 'close_short' : 'open_long', 'cross', size, around(m, -spread));
      place(mm, m, askClose ? 'close_long' : 'open_short', 'cross', size, around(m, spread));
    }
  };

  const step = (m: Mkt) => {
    // A crash or a spike now and then: several steps of 1-4% in one direction.
    if (m.shockSteps === 0 && r.chance(0.002)) {
      const up = r.chance(0.4);
      m.shockSteps = r.int(3, 8);
      m.shockPpm = (up ? 1 : -1) * r.int(10_000, 40_000);
      if (up) s.spikes++;
      else s.crashes++;
    }
    let ppm: number;
    if (m.shockSteps > 0) {
      ppm = m.shockPpm;
      m.shockSteps--;
    } else ppm = Math.round((r.next() - 0.5) * 4_000);
    m.index = Math.max(1_000, Math.round(m.index * (1 + ppm / 1_000_000)));
    exec({ type: 'priceUpdate', ts, symbol: m.symbol, indexPrice: BigInt(m.index) });
  };

  const sides: PositionSide[] = ['long', 'short'];
  let swept = 0n;
  let nextSweep = 2_000;
  while (s.commands < o.commands) {
    ts += r.int(0, 30_000);
    // The operator sweeps the fund's surplus over its 20,000 seed to the treasury now and then (as
    // far as its equity allows), so the fund stays small and losses beyond it take the ADL path.
    if (s.commands >= nextSweep) {
      nextSweep += 2_000;
      const fund = e.perp.crossAccount(INSURANCE_USER, 'USDC');
      const room = fund.equity < fund.available ? fund.equity : fund.available;
      if (room > fundSeed) {
        swept += room - fundSeed;
        exec({
          type: 'ledgerTransfer',
          ts,
          id: `sweep${++n}`,
          entryType: 'system',
          from: { owner: 'system', kind: 'insurance', asset: 'USDC' },
          to: { owner: 'system', kind: 'treasury', asset: 'USDC' },
          amount: room - fundSeed,
        });
      }
    }
    for (const m of markets) {
      const st = e.perp.state(m.symbol)!;
      if (st.nextFundingTs > 0 && ts >= st.nextFundingTs) exec({ type: 'fundingTick', ts, symbol: m.symbol });
    }
    const m = r.pick(markets);
    const u = r.pick(users);
    const mode = r.chance(0.8) ? modePref.get(u)! : r.pick(['cross', 'isolated'] as const);
    const x = r.next();
    if (x < 0.08) step(m);
    else if (x < 0.2) quote(m);
    else if (x < 0.55) {
      // Open: a limit near the mark or a market order, sized from a fraction of the wallet.
      const wallet = Number(e.ledger.available(accountKey(u, 'contract', 'USDC')) / USDC);
      const lev = e.perp.leverageOf(u, m.symbol);
      const notional = Math.max(20, (wallet * lev * r.int(5, 120)) / 100);
      const side = r.pick(sides);
      const action = side === 'long' ? 'open_long' : 'open_short';
      const qty = lotsFor(m, notional);
      if (r.chance(0.3)) place(u, m, action, mode, qty, undefined);
      else place(u, m, action, mode, qty, around(m, (side === 'long' ? -1 : 1) * r.int(-2_000, 8_000)));
    } else if (x < 0.7) {
      // Close: part or all of a position, limit or market, or the whole position at once.
      const ps = e.perp.positionsOf(u).filter((p) => p.symbol === m.symbol);
      if (ps.length === 0) continue;
      const p = r.pick(ps);
      const mk = markets.find((k) => k.symbol === p.symbol)!;
      if (r.chance(0.3)) {
        exec({
          type: 'closePosition',
          ts,
          orderId: `c${++n}`,
          userId: u,
          symbol: p.symbol,
          mode: p.mode,
          side: p.side,
        });
      } else {
        const qty = Math.max(1, Math.round((Number(p.size) * r.int(10, 100)) / 100));
        const action = p.side === 'long' ? 'close_long' : 'close_short';
        const price = r.chance(0.4)
          ? undefined
          : around(mk, (p.side === 'long' ? 1 : -1) * r.int(-3_000, 10_000));
        place(u, mk, action, p.mode, qty, price);
      }
    } else if (x < 0.78) {
      const os = e.perp.ordersOf(u);
      if (os.length === 0) continue;
      const ord = r.pick(os);
      exec({ type: 'contractCancel', ts, symbol: ord.symbol, orderId: ord.orderId, userId: u });
    } else if (x < 0.82) {
      const ps = e.perp.positionsOf(u);
      if (ps.length === 0) continue;
      const p = r.pick(ps);
      const mk = markets.find((k) => k.symbol === p.symbol)!;
      const dir = p.side === 'long' ? 1 : -1;
      exec({
        type: 'setTpsl',
        ts,
        userId: u,
        symbol: p.symbol,
        mode: p.mode,
        side: p.side,
        tp: r.chance(0.7) ? BigInt(around(mk, dir * r.int(2_000, 60_000))) : 0n,
        sl: r.chance(0.7) ? BigInt(around(mk, -dir * r.int(2_000, 40_000))) : 0n,
      });
    } else if (x < 0.85) {
      const p = e.perp.positionsOf(u).find((q) => q.mode === 'isolated');
      if (p === undefined) continue;
      const amount = BigInt(r.int(-500, 1_000)) * USDC;
      if (amount === 0n) continue;
      exec({ type: 'adjustMargin', ts, id: `m${++n}`, userId: u, symbol: p.symbol, side: p.side, amount });
    } else if (x < 0.88) {
      const toContract = r.chance(0.5);
      exec({
        type: 'transfer',
        ts,
        id: `x${++n}`,
        userId: u,
        asset: 'USDC',
        from: toContract ? 'spot' : 'contract',
        to: toContract ? 'contract' : 'spot',
        amount: BigInt(r.int(1, 5_000)) * USDC,
      });
    } else if (x < 0.9) {
      exec({ type: 'setLeverage', ts, userId: u, symbol: m.symbol, leverage: r.pick(m.leverages) });
    } else if (x < 0.92) {
      // A colluding pair: one side offers far from the mark (an opening buy 10-30% above it, or a
      // close 10-30% through it), the other takes it.
      const v = r.pick(users);
      if (v === u) continue;
      // In a thin book: the makers have pulled their quotes.
      for (const mm of makers) pull(m, mm);
      const far = r.int(100_000, 300_000);
      const p = e.perp.positionsOf(u).find((q) => q.symbol === m.symbol);
      if (p !== undefined && r.chance(0.6)) {
        const price = around(m, (p.side === 'long' ? -1 : 1) * far);
        place(u, m, p.side === 'long' ? 'close_long' : 'close_short', p.mode, Number(p.size), price);
        place(v, m, p.side === 'long' ? 'open_long' : 'open_short', 'cross', Number(p.size), price);
      } else {
        const qty = lotsFor(m, r.int(1_000, 20_000));
        const price = around(m, far);
        place(u, m, 'open_long', mode, qty, price);
        place(v, m, 'open_short', 'cross', qty, price);
      }
    } else if (x < 0.94) {
      // Issue 8 order features: a stop / take-profit / trailing stop on the mark or the last price
      // (open or close, market or limit, any time in force and STP), or a limit with a random TIF/STP.
      const side = r.pick(sides);
      const p = e.perp.positionsOf(u).find((q) => q.symbol === m.symbol && q.side === side);
      const closing = p !== undefined && r.chance(0.6);
      const action = closing
        ? side === 'long'
          ? 'close_long'
          : 'close_short'
        : side === 'long'
          ? 'open_long'
          : 'open_short';
      const qty = closing
        ? Math.max(1, Math.round((Number(p.size) * r.int(10, 100)) / 100))
        : lotsFor(m, r.int(100, 20_000));
      const limit = r.chance(0.5);
      const tif = r.pick(limit ? (['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const) : (['IOC', 'FOK'] as const));
      const stp = r.pick(['none', 'cancel_newest', 'cancel_oldest', 'cancel_both'] as const);
      if (r.chance(0.25)) {
        exec({
          type: 'contractPlace',
          ts,
          orderId: `f${++n}`,
          userId: u,
          symbol: m.symbol,
          action,
          orderType: 'limit',
          mode: closing ? p.mode : mode,
          price: around(m, r.int(-5_000, 5_000)),
          qty,
          tif,
          stp,
        });
      } else {
        const trailing = r.chance(0.3);
        exec({
          type: 'contractConditional',
          ts,
          orderId: `s${++n}`,
          userId: u,
          symbol: m.symbol,
          action,
          orderType: limit ? 'limit' : 'market',
          mode: closing ? p.mode : mode,
          ...(limit ? { price: around(m, r.int(-20_000, 20_000)) } : {}),
          qty,
          tif,
          stp,
          triggerBy: r.chance(0.7) ? 'mark' : 'last',
          ...(trailing
            ? { trailingPpm: r.int(1_000, 50_000) }
            : { triggerPrice: around(m, r.int(-30_000, 30_000)) }),
        });
      }
    } else if (x < 0.955) {
      // Amend a resting or waiting order: new price and/or open quantity (or trigger).
      const os = [...e.perp.ordersOf(u).map((o) => o.orderId), ...e.perp.triggersOf(u).map((t) => t.orderId)];
      if (os.length === 0) continue;
      const id = r.pick(os);
      const sym = e.perp.order(id)?.symbol ?? e.perp.trigger(id)?.symbol ?? m.symbol;
      const mk = markets.find((k) => k.symbol === sym)!;
      exec({
        type: 'contractAmend',
        ts,
        symbol: sym,
        orderId: id,
        userId: u,
        ...(r.chance(0.6) ? { price: around(mk, r.int(-5_000, 5_000)) } : {}),
        ...(r.chance(0.5) ? { qty: lotsFor(mk, r.int(100, 20_000)) } : {}),
        ...(e.perp.trigger(id) !== undefined && r.chance(0.5)
          ? { triggerPrice: around(mk, r.int(-30_000, 30_000)) }
          : {}),
      });
    } else if (x < 0.96) {
      exec({ type: 'contractCancelAll', ts, userId: u, ...(r.chance(0.5) ? { symbol: m.symbol } : {}) });
    } else if (x < 0.97) {
      // A mode change: refused while the user has a position or an order, accepted when flat.
      const to = e.perp.positionModeOf(u) === 'one_way' ? 'hedge' : 'one_way';
      exec({ type: 'setPositionMode', ts, userId: u, mode: to });
    } else exec({ type: 'liquidationCheck', ts });
  }

  // The end: every invariant once more, then the reconciliation of the fund and the ADL.
  s.invariantChecks++;
  s.problems.push(...checkInvariants(e).map((p) => `at the end: ${p}`));
  const fundEnd = e.ledger.available(fundKey);
  let byEntrySum = 0n;
  for (const [k, v] of [...fundByEntry.entries()].sort()) {
    s.insurance.byEntry[k] = v.toString();
    byEntrySum += v;
  }
  s.insurance.seed = fundSeed.toString();
  s.insurance.end = fundEnd.toString();
  s.insurance.swept = swept.toString();
  s.insurance.reconciled = byEntrySum === fundEnd;
  if (!s.insurance.reconciled)
    s.problems.push(`insurance fund ${fundEnd} != sum of its postings ${byEntrySum}`);
  s.adl.lots = adlLots.toString();
  s.shortfalls.insurancePaid = insurancePaid.toString();
  s.shortfalls.socialised = socialised.toString();
  let owed = 0n;
  for (const p of e.perp.allPositions()) {
    s.openPositions++;
    if (p.userId === INSURANCE_USER) s.fundPositions++;
    owed += (p.side === 'short' ? p.cost : -p.cost) * e.perp.markets.get(p.symbol)!.quotePerTickLot;
  }
  s.settlement.held = e.ledger.available(systemAccount('settlement', 'USDC')).toString();
  s.settlement.owedToPositions = owed.toString();
  for (const [key, b] of e.ledger.accounts()) {
    const a = parseAccountKey(key);
    if (a.owner !== 'system' && (b.available < 0n || b.frozen < 0n)) s.problems.push(`${key} below zero`);
  }
  s.shortfalls.passedToAdlLots = passedLots.toString();
  for (const u of users) if (e.perp.positionModeOf(u) === 'one_way') s.positionModes.oneWayAtEnd++;
  s.stateHash = e.stateHash();
  return s;
}
