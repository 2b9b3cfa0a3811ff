import { accountKey, ExchangeEngine, marketParams, ResultCode, systemAccount } from '@ex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEngineConfig } from '../src/engine/config.ts';
import { restoreEngine } from '../src/engine/journal.ts';
import { engineDb } from '../src/engine/tables.ts';
import { marketParamsAudit, postMarketParams, signInOperators } from './helpers/operators.ts';
import { BACKENDS, contractTrader, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

/**
 * Issue 8 / ADR 183: the liquidation clearance fee as an operator setting (setMarketParams). The
 * seeded markets start at Binance's rates; an admin changes a perpetual's rate (reviewer and support
 * 403), bad values change nothing, the audit entry has it before and after, every read shows the
 * live value, the next liquidation pays the new rate and a journal replay holds it.
 */
const PERP = 'BTC_USDC_PERP';

describe.each(BACKENDS)('clearance fee as a market param on %s', (backend) => {
  let t: TestApp;
  const token = { admin: '', reviewer: '', support: '' };

  const params = (symbol: string, body: unknown, who: string = token.admin, lang = 'en') =>
    postMarketParams(t, symbol, body, who, lang);
  const auditRows = () => marketParamsAudit(t);
  const coins = async () =>
    (await t.call<{ symbol: string; liquidation_fee_rate?: string }[]>('GET', '/api/app/market/coins')).body
      .data;

  beforeAll(async () => {
    t = await testApp(backend);
    Object.assign(token, await signInOperators(t));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the seeded perpetuals start at Binance-like rates; spot markets have none', async () => {
    const list = await coins();
    expect(list.find((c) => c.symbol === PERP)?.liquidation_fee_rate).toBe('0.012500');
    expect(list.find((c) => c.symbol === 'ETH_USDC_PERP')?.liquidation_fee_rate).toBe('0.012500');
    expect(list.find((c) => c.symbol === 'SOL_USDC_PERP')?.liquidation_fee_rate).toBe('0.015000');
    expect(list.find((c) => c.symbol === 'BTC_USDC')?.liquidation_fee_rate).toBeUndefined();
    const console = await t.call<{ symbol: string; liquidation_fee_rate?: string }[]>(
      'GET',
      '/api/admin/markets',
      { token: token.reviewer },
    );
    expect(console.body.data.find((m) => m.symbol === PERP)?.liquidation_fee_rate).toBe('0.012500');
    expect(console.body.data.find((m) => m.symbol === 'BTC_USDC')?.liquidation_fee_rate).toBeUndefined();
  });

  it('only an admin changes it; bad values are refused in the user language and change nothing', async () => {
    const journal = t.services.engine.journalLength;
    const hash = t.services.engine.stateHash();
    const user = await registerUser(t, 'someone@example.com');
    expect((await params(PERP, { liquidation_fee_rate: '0.001' }, user.token)).status).toBe(401);
    for (const who of [token.reviewer, token.support]) {
      const r = await params(PERP, { liquidation_fee_rate: '0.001' }, who);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(1090);
    }
    const cases: [string, unknown, number, string?][] = [
      [PERP, { liquidation_fee_rate: '-0.001' }, 422],
      [PERP, { liquidation_fee_rate: 0.001 }, 422],
      [PERP, { liquidation_fee_rate: '1%' }, 422],
      [PERP, { liquidation_fee_rate: '0.0000001' }, 422],
      [
        PERP,
        { liquidation_fee_rate: '0.050001' },
        2243,
        'The liquidation fee must be between 0 and 5 % or exactly 100 % (perpetuals only)',
      ],
      [PERP, { liquidation_fee_rate: '0.5' }, 2243],
      [PERP, { liquidation_fee_rate: '1.5' }, 2243],
      // a good fee beside a bad clearance fee: nothing of it applies
      [PERP, { taker_fee_rate: '0.0007', liquidation_fee_rate: '0.2' }, 2243],
      ['BTC_USDC', { liquidation_fee_rate: '0.001' }, 2243],
      // the seeded value again
      [PERP, { liquidation_fee_rate: '0.0125' }, 2242],
    ];
    for (const [symbol, body, code, message] of cases) {
      const r = await params(symbol, body);
      const got = r.status === 422 ? 422 : r.body.code;
      expect(got, `${symbol} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(code);
      if (message) expect(r.body.message).toBe(message);
    }
    const de = await params(PERP, { liquidation_fee_rate: '0.09' }, token.admin, 'de');
    expect(de.body.message).toContain('Liquidationsgebühr');
    const zh = await params(PERP, { liquidation_fee_rate: '0.09' }, token.admin, 'zh-TW');
    expect(zh.body.message).toContain('強平');
    expect(t.services.engine.journalLength).toBe(journal);
    expect(t.services.engine.stateHash()).toBe(hash);
    expect(await auditRows()).toHaveLength(0);
    expect(marketParams(t.services.engine.engine, PERP)?.liquidationFeePpm).toBe(12_500n);
  });

  it('a change is journaled, audited before/after, read live, and the next liquidation pays it', async () => {
    const changed = await params(PERP, { liquidation_fee_rate: '0.001' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ symbol: PERP, liquidation_fee_rate: '0.001000' });
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ symbol: PERP, liquidation_fee_rate: '0.012500' });
    expect(rows[0]!.after).toMatchObject({ symbol: PERP, liquidation_fee_rate: '0.001000' });
    expect(typeof rows[0]!.after.journal_seq).toBe('number');
    expect((await coins()).find((c) => c.symbol === PERP)?.liquidation_fee_rate).toBe('0.001000');

    // Alice: isolated long 0.01 BTC at 97,000, 10x (margin 97). At 87,500 her equity is 97 - 95 = 2,
    // under the 0.4 % maintenance (3.5): liquidated. The fee is 0.1 % of 875 = 0.875; she keeps 1.125.
    const engine = t.services.engine;
    const price = (ticks: bigint) => engine.submit({ type: 'priceUpdate', symbol: PERP, indexPrice: ticks });
    expect((await price(9_700_000n)).code).toBe(ResultCode.OK);
    const alice = await contractTrader(t, 'alice@example.com', { toContract: '1000' });
    const bob = await contractTrader(t, 'bob@example.com');
    const order = (who: string, action: string, mode: string) =>
      t.call('POST', '/api/app/contract/orders', {
        token: who,
        body: {
          symbol: PERP,
          action,
          type: 'limit',
          price: '97000',
          quantity: '0.01',
          leverage: 10,
          margin_mode: mode,
        },
      });
    expect((await order(bob.token, 'open_short', 'cross')).status).toBe(200);
    const placed = await order(alice.token, 'open_long', 'isolated');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const ledger = engine.engine.ledger;
    const wallet = accountKey(alice.id, 'contract', 'USDC');
    const fund = systemAccount('insurance', 'USDC');
    const [walletBefore, fundBefore] = [ledger.available(wallet), ledger.available(fund)];
    const r = await price(8_750_000n);
    expect(r.code).toBe(ResultCode.OK);
    expect(r.events.find((e) => e.type === 'perp.liquidation')).toMatchObject({
      userId: alice.id,
      clearanceFee: 875_000n,
    });
    expect(ledger.available(fund) - fundBefore).toBe(875_000n);
    expect(ledger.available(wallet) - walletBefore).toBe(1_125_000n);
  });

  it('a journal replay and a restored snapshot hold the changed rate and the same state', async () => {
    const engine = t.services.engine;
    await engine.idle();
    const fresh = new ExchangeEngine(serverEngineConfig());
    await restoreEngine(engineDb(t.db), fresh);
    expect(fresh.stateHash()).toBe(engine.stateHash());
    expect(marketParams(fresh, PERP)?.liquidationFeePpm).toBe(1_000n);
    expect(marketParams(fresh, 'SOL_USDC_PERP')?.liquidationFeePpm).toBe(15_000n);
    await engine.snapshot();
    const again = new ExchangeEngine(serverEngineConfig());
    await restoreEngine(engineDb(t.db), again);
    expect(again.snapshot().marketParams).toEqual([
      [PERP, '200', '500', [1, 2, 3, 5, 10, 20, 25, 50, 75, 100], 10, '1000'],
    ]);
    expect(again.stateHash()).toBe(engine.stateHash());
  });
});
