// setMarketParams with the liquidation clearance fee (ADR 183 on top of ADR 154 and 182): the
// operator's rate is checked in the core (0..5 % or the legacy 100 %), applies from the next
// liquidation, is carried by the snapshot only when it differs from the configuration (an engine
// without that change hashes as before) and is the same after a journal replay.
import { describe, expect, it } from 'vitest';
import {
  accountKey,
  type Command,
  demoEngineConfig,
  ExchangeEngine,
  LEGACY_LIQUIDATION_FEE_PPM,
  MAX_LIQUIDATION_FEE_PPM,
  marketParams,
  ResultCode,
  systemAccount,
} from '../src/index.ts';
import { perpScenario, SYM, USDC } from './helpers/scenario.ts';

type Params = Omit<Extract<Command, { type: 'setMarketParams' }>, 'type' | 'ts' | 'symbol'>;

function setup() {
  const s = perpScenario({ journal: 'accepted' });
  const params = (p: Params, symbol = SYM) => s.run({ type: 'setMarketParams', symbol, ...p });
  const available = (u: string) => s.e.ledger.available(accountKey(u, 'contract', 'USDC'));
  const insurance = () => s.e.ledger.available(systemAccount('insurance', 'USDC'));
  return { ...s, params, available, insurance };
}

describe('setMarketParams: liquidation clearance fee', () => {
  it('refuses a rate outside 0..5 % (other than 100 %), a fraction, or a spot market, and changes nothing', () => {
    const { e, params } = setup();
    const before = e.stateHash();
    const bad: [Params, string][] = [
      [{ liquidationFeePpm: -1 }, SYM],
      [{ liquidationFeePpm: MAX_LIQUIDATION_FEE_PPM + 1 }, SYM],
      [{ liquidationFeePpm: LEGACY_LIQUIDATION_FEE_PPM - 1 }, SYM],
      [{ liquidationFeePpm: LEGACY_LIQUIDATION_FEE_PPM + 1 }, SYM],
      [{ liquidationFeePpm: 12.5 }, SYM],
      [{ liquidationFeePpm: Number.NaN }, SYM],
      [{ liquidationFeePpm: 100 }, 'BTC_USDC'],
      // a valid fee beside a bad one: the whole command is refused
      [{ liquidationFeePpm: 100, takerFeePpm: MAX_LIQUIDATION_FEE_PPM }, SYM],
    ];
    for (const [p, sym] of bad) expect(params(p, sym).code, JSON.stringify(p)).not.toBe(ResultCode.OK);
    expect(params({ liquidationFeePpm: -1 }).code).toBe(ResultCode.ENGINE_INVALID_LIQUIDATION_FEE);
    expect(params({ liquidationFeePpm: 5 }, 'BTC_USDC').code).toBe(ResultCode.ENGINE_INVALID_LIQUIDATION_FEE);
    expect(params({ liquidationFeePpm: 5 }, 'NOPE').code).toBe(ResultCode.ENGINE_UNKNOWN_MARKET);
    expect(e.stateHash()).toBe(before);
    expect(e.snapshot().marketParams).toBeUndefined();
    expect(marketParams(e, SYM)?.liquidationFeePpm).toBe(1_000_000n);
  });

  it('accepts 0, 5 % and 100 %; back at the configured value the snapshot is as before', () => {
    const { e, params } = setup();
    const before = e.stateHash();
    for (const v of [0, MAX_LIQUIDATION_FEE_PPM, 12_500]) {
      expect(params({ liquidationFeePpm: v }).code).toBe(ResultCode.OK);
      expect(marketParams(e, SYM)?.liquidationFeePpm).toBe(BigInt(v));
    }
    // Only the clearance fee differs: the row carries it as a sixth element, the rest as configured.
    const row = e.snapshot().marketParams?.[0];
    expect(row?.[0]).toBe(SYM);
    expect(row?.[5]).toBe('12500');
    expect(e.stateHash()).not.toBe(before);
    expect(params({ liquidationFeePpm: LEGACY_LIQUIDATION_FEE_PPM }).code).toBe(ResultCode.OK);
    // Back at the configuration: no row, so the snapshot is what an unchanged engine writes.
    expect(e.snapshot().marketParams).toBeUndefined();
    expect({ ...e.snapshot(), lastTs: 0 }).toEqual({
      ...new ExchangeEngine(demoEngineConfig()).snapshot(),
      lastTs: 0,
    });
  });

  it('a fee change alone writes a five-element row, as before ADR 183', () => {
    const { e, params } = setup();
    expect(params({ takerFeePpm: 600 }).code).toBe(ResultCode.OK);
    expect(e.snapshot().marketParams).toEqual([[SYM, '200', '600', [1, 2, 3, 5, 10, 20, 50, 100], 10]]);
  });

  it('a liquidation after the change pays the new rate (0.1 % of 45,100 = 45.1), the owner keeps the rest', () => {
    const t = setup();
    t.price(50_000);
    t.fund('alice', 10_000n * USDC);
    t.fund('bob', 100_000n * USDC);
    t.run({ type: 'setLeverage', userId: 'alice', symbol: SYM, leverage: 10 });
    t.place('bob', 'open_short', 'cross', 50_000, 1);
    t.place('alice', 'open_long', 'isolated', 50_000, 1);
    expect(t.params({ liquidationFeePpm: 1_000 }).code).toBe(ResultCode.OK);
    const fundBefore = t.insurance();
    const aliceBefore = t.available('alice');
    const r = t.price(45_100);
    expect(r.events.find((ev) => ev.type === 'perp.liquidation')).toMatchObject({
      userId: 'alice',
      clearanceFee: 45_100_000n,
    });
    expect(t.insurance() - fundBefore).toBe(45_100_000n);
    expect(t.available('alice') - aliceBefore).toBe(54_900_000n);
  });

  it('replay of the journal and a restored snapshot give the same state and the same rate', () => {
    const t = setup();
    t.price(50_000);
    t.fund('alice', 10_000n * USDC);
    t.fund('bob', 100_000n * USDC);
    expect(t.params({ liquidationFeePpm: 2_000, makerFeePpm: 100 }).code).toBe(ResultCode.OK);
    t.place('bob', 'open_short', 'cross', 50_000, 1);
    t.place('alice', 'open_long', 'isolated', 50_000, 1);
    t.price(45_200);
    const replay = new ExchangeEngine(demoEngineConfig({ keepJournal: true }));
    for (const c of t.journal) expect(replay.execute(c).code).toBe(ResultCode.OK);
    expect(replay.stateHash()).toBe(t.e.stateHash());
    const restored = ExchangeEngine.fromSnapshot(demoEngineConfig(), t.e.snapshot());
    expect(restored.stateHash()).toBe(t.e.stateHash());
    expect(marketParams(restored, SYM)?.liquidationFeePpm).toBe(2_000n);
    // A snapshot without the change restores the configured 100 %.
    const fresh = new ExchangeEngine(demoEngineConfig());
    const back = ExchangeEngine.fromSnapshot(demoEngineConfig(), fresh.snapshot());
    expect(marketParams(back, SYM)?.liquidationFeePpm).toBe(1_000_000n);
  });
});
