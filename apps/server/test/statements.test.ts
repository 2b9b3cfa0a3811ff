// Statements (issue 13 item 4, ADR 142) against a real server on PGlite and PostgreSQL: the CSV ledger
// sums to the balance, XLSX and PDF come out as files, every export is the caller's own, and bad
// ranges are 422s that change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const DAY = 86_400_000;

/** Decimal strings to integer units at `scale` (no floats for money, also in tests). */
function units(v: string, scale: number): bigint {
  const neg = v.startsWith('-');
  const [i, f = ''] = (neg ? v.slice(1) : v).split('.');
  const u = BigInt(i!) * 10n ** BigInt(scale) + BigInt(f.padEnd(scale, '0') || '0');
  return neg ? -u : u;
}

function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trim().split('\r\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

describe.each(BACKENDS)('statements on %s', (backend) => {
  let t: TestApp;
  let alice: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : {},
    });

  beforeAll(async () => {
    t = await testApp(backend);
    alice = await registerUser(t, 'st-alice@example.com');
    bob = await registerUser(t, 'st-bob@example.com');
    for (const [user, amount] of [
      [alice, 500_000_000n],
      [alice, 25_123_456n],
      [bob, 9_000_000n],
    ] as const) {
      await t.services.engine.submit(({ ts, id }) => ({
        type: 'deposit',
        ts,
        id: `st-${id}`,
        userId: user.user.id,
        asset: 'USDC',
        amount,
      }));
    }
    for (const amount of ['100', '0.5']) {
      const r = await t.call('POST', '/api/app/wallet/transfer', {
        token: alice.token,
        body: { from: 'spot', to: 'contract', coin: 'USDC', amount },
      });
      expect(r.status).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const range = () => `from=${t.clock.now() - 30 * DAY}&to=${t.clock.now() + DAY}`;

  it('exports a CSV ledger whose amounts sum to each balance', async () => {
    const res = await get(`/api/app/statements/ledger?${range()}&format=csv`, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="ledger-.*\.csv"/);
    const rows = parseCsv(res.body);
    const sum = (account: string) =>
      rows
        .filter(
          (r) => r.coin === 'USDC' && (account === 'spot' ? r.account === 'spot' : r.account !== 'spot'),
        )
        .reduce((s, r) => s + units(r.amount!, 6) + units(r.frozen_change!, 6), 0n);
    const balances = await t.call<{
      spot: { coin: string; available: string; frozen: string }[];
      contract: { available: string; frozen: string };
    }>('GET', '/api/app/wallet/balances', { token: alice.token });
    const spot = balances.body.data.spot.find((b) => b.coin === 'USDC')!;
    expect(sum('spot')).toBe(units(spot.available, 6) + units(spot.frozen, 6));
    expect(sum('contract')).toBe(
      units(balances.body.data.contract.available, 6) + units(balances.body.data.contract.frozen, 6),
    );
    expect(sum('spot') + sum('contract')).toBe(525_123_456n);
    // Only the caller's rows.
    const bobs = parseCsv((await get(`/api/app/statements/ledger?${range()}`, bob.token)).body);
    expect(bobs.map((r) => r.amount)).toEqual(['9.000000']);
  });

  it('exports every kind as CSV and XLSX, and the monthly PDF', async () => {
    for (const kind of ['orders', 'trades', 'deposits', 'withdrawals', 'ledger']) {
      const csv = await get(`/api/app/statements/${kind}?${range()}&format=csv`, alice.token);
      expect(csv.statusCode, kind).toBe(200);
      expect(csv.body.split('\r\n')[0]).toMatch(/^time,id,/);
      const xlsx = await get(`/api/app/statements/${kind}?${range()}&format=xlsx`, alice.token);
      expect(xlsx.statusCode, kind).toBe(200);
      expect(xlsx.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    const pdf = await get(`/api/app/statements/monthly?month=${month}`, alice.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses bad input with 422 and an anonymous caller with 401', async () => {
    const now = t.clock.now();
    const bad = [
      `/api/app/statements/ledger?from=${now}&to=${now}`,
      `/api/app/statements/ledger?from=${now}&to=${now - 1}`,
      `/api/app/statements/ledger?from=0&to=${367 * DAY}`,
      '/api/app/statements/ledger?from=abc&to=1',
      `/api/app/statements/ledger?from=0&to=1&format=pdf`,
      `/api/app/statements/ledger?from=0&to=1&user_id=${bob.user.id}`,
      '/api/app/statements/positions?from=0&to=1',
      '/api/app/statements/monthly?month=2026-13',
      '/api/app/statements/monthly?month=1999-12',
      '/api/app/statements/monthly?month=2999-01',
    ];
    for (const url of bad) {
      const r = await get(url, alice.token);
      expect(r.statusCode, url).toBe(422);
      expect(r.json().code, url).toBe(422);
    }
    const range = await get(`/api/app/statements/ledger?from=0&to=${367 * DAY}`, alice.token);
    expect(range.json().errors.to).toEqual([
      'The end must be after the start and the range at most 366 days',
    ]);
    expect((await get(`/api/app/statements/ledger?${`from=0&to=1`}`)).statusCode).toBe(401);
    expect((await get('/api/app/statements/monthly?month=2026-01')).statusCode).toBe(401);
  });
});
