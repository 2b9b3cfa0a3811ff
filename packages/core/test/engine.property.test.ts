// Long random command sequences through the whole engine (several users, two spot and two perpetual
// markets), with the invariants checked after every command:
// - every asset conserved over all accounts (system accounts included)
// - no available/frozen balance below zero (custody and clearing accounts aside)
// - frozen = what open orders and pending withdrawals hold; isolated accounts = position margins
// - books never crossed
// - a liquidated isolated position takes nothing from its owner but its margin
// - the journal recomputes every balance (the audit)
// - replay from a snapshot taken anywhere reproduces the state hash
// - the engine on the fast books and on the naive reference books agree command by command
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auditLedger,
  type Command,
  checkInvariants,
  demoEngineConfig,
  type EngineEvent,
  ExchangeEngine,
  naiveBookFactory,
  parseAccountKey,
  recomputeBalances,
} from '../src/index.ts';

const USERS = ['u1', 'u2', 'u3', 'u4', 'mm'];
const SPOT = [
  { symbol: 'BTC_USDC', mid: 3_000_000 }, // 30,000.00
  { symbol: 'ETH_USDC', mid: 200_000 }, // 2,000.00
];
const PERP = [
  { symbol: 'BTC_USDC_PERP', mid: 500_000, leverages: [1, 2, 5, 10, 20, 50, 100] }, // 50,000.0
  { symbol: 'ETH_USDC_PERP', mid: 300_000, leverages: [1, 5, 10, 20, 50] }, // 3,000.00
];
const USDC = 1_000_000n;
const HOUR = 3_600_000;

/** A raw step: small integers the mapping below turns into a command against the running state. */
const rawStep = fc.record({
  kind: fc.nat({ max: 99 }),
  user: fc.nat({ max: USERS.length - 1 }),
  market: fc.nat({ max: 1 }),
  a: fc.integer({ min: -1000, max: 1000 }),
  b: fc.nat({ max: 1000 }),
  c: fc.nat({ max: 7 }),
  dt: fc.oneof(fc.constant(1), fc.nat({ max: 60_000 }), fc.constant(8 * HOUR)),
});
type Raw = typeof rawStep extends fc.Arbitrary<infer T> ? T : never;

function setupCommands(): Command[] {
  const out: Command[] = [];
  let ts = 1;
  for (const u of USERS) {
    const rich = u === 'mm' ? 10n : 1n;
    const deposit = (asset: string, amount: bigint) =>
      out.push({ type: 'deposit', ts: ts++, id: `d-${u}-${asset.toLowerCase()}`, userId: u, asset, amount });
    deposit('USDC', rich * 200_000n * USDC);
    deposit('BTC', rich * 5n * 100_000_000n);
    deposit('ETH', rich * 50n * 100_000_000n);
    out.push({
      type: 'transfer',
      ts: ts++,
      id: `t-${u}`,
      userId: u,
      asset: 'USDC',
      from: 'spot',
      to: 'contract',
      amount: u === 'u4' ? 2_000n * USDC : u === 'u3' ? 5_000n * USDC : rich * 100_000n * USDC,
    });
  }
  for (const p of PERP)
    out.push({ type: 'priceUpdate', ts: ts++, symbol: p.symbol, indexPrice: BigInt(p.mid) });
  // High leverage for some users so that ordinary moves liquidate them.
  const lev: [string, number][] = [
    ['u1', 50],
    ['u2', 20],
    ['u4', 50],
  ];
  for (const [userId, leverage] of lev) {
    for (const p of PERP) out.push({ type: 'setLeverage', ts: ts++, userId, symbol: p.symbol, leverage });
  }
  return out;
}

function toCommands(raws: Raw[]): Command[] {
  const out = setupCommands();
  let ts = out[out.length - 1]!.ts;
  const index = PERP.map((p) => p.mid);
  const modes = ['cross', 'isolated'] as const;
  raws.forEach((r, i) => {
    ts += r.dt;
    const userId = USERS[r.user]!;
    const id = `o${i}`;
    const pastId = `o${Math.floor((r.b / 1001) * Math.max(i, 1))}`;
    const s = SPOT[r.market]!;
    const p = PERP[r.market]!;
    const k = r.kind;
    let c: Command;
    if (k < 18) {
      // spot limit around the mid
      c = {
        type: 'spotPlace',
        ts,
        orderType: 'limit',
        orderId: id,
        userId,
        symbol: s.symbol,
        side: r.a >= 0 ? 'buy' : 'sell',
        price: s.mid + Math.trunc(r.a / 10) * 100,
        qty: 1 + (r.b % 200),
        tif: (['GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTC', 'GTC', 'GTC'] as const)[r.c]!,
      };
    } else if (k < 22) {
      const market = {
        type: 'spotPlace',
        ts,
        orderType: 'market',
        orderId: id,
        userId,
        symbol: s.symbol,
      } as const;
      c =
        r.a >= 0
          ? { ...market, side: 'buy', quoteAmount: BigInt(1 + r.b) * 10_000_000n }
          : {
              ...market,
              side: r.c < 4 ? 'sell' : 'buy',
              qty: 1 + r.b,
              // A market buy by quantity needs a protection price: it holds quantity x that price.
              ...(r.c < 4 ? {} : { protectionPrice: s.mid + r.c * 1000 }),
            };
    } else if (k < 26) {
      c = { type: 'spotCancel', ts, symbol: s.symbol, orderId: pastId, userId };
    } else if (k < 28) {
      c = {
        type: 'spotAmend',
        ts,
        symbol: s.symbol,
        orderId: pastId,
        userId,
        ...(r.c % 2 === 0 ? { qty: 1 + (r.b % 200) } : {}),
        ...(r.c > 3 ? { price: s.mid + Math.trunc(r.a / 10) * 100 } : {}),
      };
    } else if (k < 30) {
      c = { type: 'spotCancelAll', ts, symbol: s.symbol, userId };
    } else if (k < 54) {
      const actions = [
        'open_long',
        'open_short',
        'open_long',
        'open_short',
        'close_long',
        'close_short',
      ] as const;
      const market = r.c === 7;
      c = {
        type: 'contractPlace',
        ts,
        orderId: id,
        userId,
        symbol: p.symbol,
        action: actions[r.b % actions.length]!,
        orderType: market ? 'market' : 'limit',
        mode: modes[r.b % 2]!,
        ...(market
          ? {}
          : { price: Math.max(1, index[r.market]! + Math.trunc((r.a * index[r.market]!) / 50_000)) }),
        qty: 1 + (r.b % 50) * (r.market === 0 ? 20 : 10),
        tif: (['GTC', 'GTC', 'GTC', 'GTC', 'POST_ONLY', 'FOK', 'IOC', 'IOC'] as const)[r.c]!,
      };
    } else if (k < 60) {
      c = { type: 'contractCancel', ts, symbol: p.symbol, orderId: pastId, userId };
    } else if (k < 63) {
      c = {
        type: 'setLeverage',
        ts,
        userId,
        symbol: p.symbol,
        leverage: p.leverages[r.c % p.leverages.length]!,
      };
    } else if (k < 66) {
      c = {
        type: 'adjustMargin',
        ts,
        id,
        userId,
        symbol: p.symbol,
        side: r.a >= 0 ? 'long' : 'short',
        amount: BigInt(r.a) * 10n * USDC,
      };
    } else if (k < 69) {
      const mark = BigInt(index[r.market]!);
      c = {
        type: 'setTpsl',
        ts,
        userId,
        symbol: p.symbol,
        mode: modes[r.c % 2]!,
        side: r.a >= 0 ? 'long' : 'short',
        tp: (mark * BigInt(1000 + (r.a >= 0 ? 1 : -1) * (1 + (r.b % 50)))) / 1000n,
        sl: (mark * BigInt(1000 - (r.a >= 0 ? 1 : -1) * (1 + (r.b % 50)))) / 1000n,
      };
    } else if (k < 72) {
      c = {
        type: 'closePosition',
        ts,
        orderId: id,
        userId,
        symbol: p.symbol,
        mode: modes[r.c % 2]!,
        side: r.a >= 0 ? 'long' : 'short',
      };
    } else if (k < 86) {
      // The index walks, now and then with a jump of up to 10%.
      const step = r.c === 0 ? r.a * 5 : r.a;
      index[r.market] = Math.max(1000, index[r.market]! + Math.trunc((index[r.market]! * step) / 100_000));
      c = { type: 'priceUpdate', ts, symbol: p.symbol, indexPrice: BigInt(index[r.market]!) };
    } else if (k < 90) {
      c = { type: 'fundingTick', ts, symbol: p.symbol };
    } else if (k < 92) {
      c = { type: 'liquidationCheck', ts };
    } else if (k < 95 && r.c === 7) {
      // IEO-style moves between a user and a system pool, both ways.
      const user = { owner: userId, kind: r.a >= 0 ? 'spot' : 'contract', asset: 'USDC' } as const;
      const pool = { owner: 'system', kind: 'ieo', asset: 'USDC' } as const;
      c = {
        type: 'ledgerTransfer',
        ts,
        id,
        entryType: 'ieo',
        from: r.b % 2 === 0 ? user : pool,
        to: r.b % 2 === 0 ? pool : user,
        amount: BigInt(1 + r.b) * 10n * USDC,
      };
    } else if (k < 95) {
      c = {
        type: 'transfer',
        ts,
        id,
        userId,
        asset: 'USDC',
        from: r.a >= 0 ? 'spot' : 'contract',
        to: r.c === 0 ? (r.a >= 0 ? 'spot' : 'contract') : r.a >= 0 ? 'contract' : 'spot',
        amount: BigInt(1 + r.b) * 100n * USDC,
      };
    } else if (k < 97) {
      c = {
        type: 'withdrawRequest',
        ts,
        id: `w${i}`,
        userId,
        asset: r.c % 2 === 0 ? 'USDC' : 'BTC',
        amount: BigInt(1 + r.b) * 1_000_000n,
        fee: BigInt(r.c) * 1000n,
      };
    } else {
      c = {
        type: r.c % 2 === 0 ? 'withdrawSettle' : 'withdrawRefund',
        ts,
        id: `w${Math.floor((r.b / 1001) * i)}`,
      };
    }
    out.push(c);
  });
  return out;
}

/**
 * Isolated liquidations take from the owner exactly what the position's margin account holds at
 * that moment (funding may have moved it earlier in the same command), and touch no other account
 * of the owner. Walks the command's ledger entries in order from the balances before it.
 */
function checkLiquidations(events: EngineEvent[], before: Map<string, bigint>): string[] {
  const problems: string[] = [];
  const running = new Map(before);
  for (const ev of events) {
    if (ev.type !== 'perp.ledger' && ev.type !== 'spot.ledger' && ev.type !== 'wallet.ledger') continue;
    const { entry } = ev;
    if (entry.ref.startsWith('liq:') && entry.ref.split(':')[3] === 'isolated') {
      const owner = entry.ref.split(':')[1];
      for (const p of entry.postings) {
        const a = parseAccountKey(p.account);
        if (a.owner !== owner) continue;
        if (!a.kind.startsWith('isolated:'))
          problems.push(`isolated liquidation ${entry.ref} touched ${p.account}`);
        else if (p.amount !== -(running.get(p.account) ?? 0n)) {
          problems.push(
            `${entry.ref} took ${-p.amount} from ${p.account} holding ${running.get(p.account) ?? 0n}`,
          );
        }
      }
    }
    for (const p of entry.postings) {
      if (p.bucket === 'available') running.set(p.account, (running.get(p.account) ?? 0n) + p.amount);
    }
  }
  return problems;
}

function isolatedBalances(e: ExchangeEngine): Map<string, bigint> {
  const m = new Map<string, bigint>();
  for (const [k, b] of e.ledger.accounts()) if (k.includes('/isolated:')) m.set(k, b.available);
  return m;
}

describe('exchange engine properties', () => {
  it('keeps every invariant over long random command sequences and replays from any snapshot', () => {
    const stats = {
      commands: 0,
      ok: 0,
      trades: 0,
      liquidations: 0,
      isolatedLiquidations: 0,
      adl: 0,
      funding: 0,
      tpsl: 0,
      shortfalls: 0,
    };
    fc.assert(
      fc.property(fc.array(rawStep, { minLength: 150, maxLength: 400 }), fc.nat(), (raws, cut) => {
        const commands = toCommands(raws);
        const config = demoEngineConfig({ keepJournal: true });
        const e = new ExchangeEngine(config);
        // The same commands through the naive reference books must give the same results and state.
        const reference = new ExchangeEngine({
          ...config,
          keepJournal: false,
          bookFactory: naiveBookFactory,
        });
        const at = cut % commands.length;
        let snap = e.snapshot();
        commands.forEach((c, i) => {
          if (i === at) snap = e.snapshot();
          const margins = isolatedBalances(e);
          const r = e.execute(c);
          const rr = reference.execute(c);
          if (rr.code !== r.code || rr.events.length !== r.events.length) {
            throw new Error(
              `command ${i}: fast books gave ${r.code}/${r.events.length}, naive ${rr.code}/${rr.events.length}`,
            );
          }
          stats.commands++;
          if (r.code === 0) stats.ok++;
          for (const ev of r.events) {
            if (ev.type === 'perp.trade' || ev.type === 'spot.trade') stats.trades++;
            if (ev.type === 'perp.liquidation') stats.liquidations++;
            if (ev.type === 'perp.liquidation' && ev.mode === 'isolated') stats.isolatedLiquidations++;
            if (ev.type === 'perp.tpsl') stats.tpsl++;
            if (ev.type === 'perp.shortfall') stats.shortfalls++;
            if (ev.type === 'perp.adl') stats.adl++;
            if (ev.type === 'perp.funding') stats.funding++;
          }
          const problems = [...checkInvariants(e, r.events), ...checkLiquidations(r.events, margins)];
          if (problems.length > 0)
            throw new Error(`after command ${i} ${JSON.stringify(c, big)}: ${problems.join('; ')}`);
        });
        expect(reference.stateHash()).toBe(e.stateHash());
        expect(auditLedger(e.ledger, recomputeBalances(e.ledger.journal()))).toEqual([]);
        const replay = ExchangeEngine.fromSnapshot(config, snap);
        for (const c of commands.slice(at)) replay.execute(c);
        expect(replay.stateHash()).toBe(e.stateHash());
      }),
      {
        numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 60),
        seed: Number(process.env.CORE_PROPERTY_SEED ?? 20261121),
      },
    );
    console.log('engine property stats', stats);
    // The generator must actually exercise the interesting paths.
    expect(stats.trades).toBeGreaterThan(100);
    expect(stats.isolatedLiquidations).toBeGreaterThan(0);
    expect(stats.liquidations).toBeGreaterThan(stats.isolatedLiquidations);
    expect(stats.funding).toBeGreaterThan(0);
  }, 600_000);
});

function big(_k: string, v: unknown) {
  return typeof v === 'bigint' ? v.toString() : v;
}
