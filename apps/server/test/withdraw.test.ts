import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/account/passwords.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const ADMIN_EMAIL = 'ops@example.com';
const ADMIN_PASSWORD = 'operator-pass-1';
const TRADE_PW = 'trade-pass-1';
// TRON docs' example address (hex 418840e6...d808) and USDC's mainnet contract: valid checksums.
const TO = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const TX = (n: number) => n.toString(16).padStart(64, 'b');

interface W {
  id: string;
  status: string;
  amount: string;
  fee: string;
  receive_amount: string;
  reason: string | null;
  txid: string | null;
  user_id?: string;
  user_account?: string | null;
}
interface Bal {
  spot: { coin: string; available: string; frozen: string }[];
}

describe.each(BACKENDS)('withdrawals on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let user: { token: string; user: { id: string } };
  let other: { token: string; user: { id: string } };

  const setGates = async (
    userId: string,
    g: { verified?: boolean; password?: boolean; card?: boolean } = {
      verified: true,
      password: true,
      card: true,
    },
  ) => {
    await sql`update users set verified = ${g.verified ?? false}, trade_password_hash = ${
      g.password ? await hashPassword(TRADE_PW) : null
    } where id = ${userId}`.execute(t.db);
    await sql`delete from bank_cards where user_id = ${userId}`.execute(t.db);
    if (g.card) {
      await sql`insert into bank_cards (user_id, bank_name, card_number, holder_name, created_at)
        values (${userId}, 'Bank', '4111111111111111', 'Holder', 0)`.execute(t.db);
    }
  };

  beforeAll(async () => {
    t = await testApp(backend);
    await t.services.admins.createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    admin = (
      await t.call<{ token: string }>('POST', '/api/admin/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      })
    ).body.data.token;
    user = await registerUser(t, 'wd1@example.com');
    other = await registerUser(t, 'wd2@example.com');
    await setGates(user.user.id);
    await setGates(other.user.id);
    const { address } = await chainDomainOf(t.app).deposits.address(user.user.id);
    const r = await t.call('POST', '/api/admin/chain/deposit', {
      token: admin,
      body: { address, amount: '500', txid: TX(1) },
    });
    expect(r.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const usdc = async (token = user.token) => {
    const r = await t.call<Bal>('GET', '/api/app/wallet/balances', { token });
    const b = r.body.data.spot.find((s) => s.coin === 'USDC')!;
    return `${b.available}/${b.frozen}`;
  };
  const withdraw = (
    body: Record<string, unknown>,
    opts: { lang?: string; token?: string; key?: string } = {},
  ) =>
    t.call<W>('POST', '/api/app/wallet/withdraw', {
      token: opts.token ?? user.token,
      lang: opts.lang ?? 'en',
      body: { coin: 'USDC', network: 'TRC20', address: TO, amount: '100', trade_password: TRADE_PW, ...body },
      ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}),
    });
  const rows = async () =>
    Number((await sql<{ n: string }>`select count(*)::text as n from withdrawals`.execute(t.db)).rows[0]!.n);

  it('refuses every bad-input class with field errors and changes nothing', async () => {
    const before = await usdc();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM' },
        { address: ['Not a valid TRC20 address (starts with T, 34 characters, checksum must match)'] },
      ],
      [
        { address: '0x8840E6C55b9ADa326D211D818C34A994AECED808' },
        { address: ['Not a valid TRC20 address (starts with T, 34 characters, checksum must match)'] },
      ],
      [{ amount: '9.999999' }, { amount: ['Must be at least 10'] }],
      [{ amount: '100000.000001' }, { amount: ['Must be at most 100,000'] }],
      [{ amount: '10.1234567' }, { amount: ['At most 6 decimal places'] }],
      [{ amount: 100 }, { amount: ['Send the amount as a decimal string such as "12.5", not as a number'] }],
      [{ amount: '1e3' }, { amount: ['Invalid decimal number'] }],
      [{ amount: '-10' }, { amount: ['Invalid decimal number'] }],
      [{ network: 'ERC20' }, { network: ['Must be one of: TRC20'] }],
      [{ coin: 'BTC' }, { coin: ['Must be one of: USDC'] }],
      [{ extra: 1 }, { extra: ['Unknown field'] }],
      [{ trade_password: '' }, { trade_password: ['This field is required'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await withdraw(body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    const zh = await withdraw({ address: 'Txyz' }, { lang: 'zh_CN' });
    expect(zh.body.errors).toEqual({ address: ['无效的 TRC20 地址（须以 T 开头、共 34 位且校验码正确）'] });
    expect(await usdc()).toBe(before);
    expect(await rows()).toBe(0);
  });

  it('applies the gates in order: identity, trade password, bank card; then the password', async () => {
    const before = await usdc();
    await setGates(user.user.id, { password: true, card: true });
    let r = await withdraw({}, { lang: 'de' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(1035);
    await setGates(user.user.id, { verified: true, card: true });
    r = await withdraw({});
    expect(r.body).toMatchObject({
      code: 1033,
      message: 'Transaction password not set, please set it first',
    });
    await setGates(user.user.id, { verified: true, password: true });
    r = await withdraw({});
    expect(r.body.code).toBe(1034);
    await setGates(user.user.id);
    r = await withdraw({ trade_password: 'wrong-one' }, { lang: 'zh_TW' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 1032, message: '交易密碼錯誤' });
    expect(await usdc()).toBe(before);
    expect(await rows()).toBe(0);
  });

  it('refuses more than the balance and changes nothing', async () => {
    const r = await withdraw({ amount: '500.000001' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2001);
    expect(await usdc()).toBe('500.000000/0.000000');
    expect(await rows()).toBe(0);
  });

  let first: W;
  it('freezes amount (fee included) and shows under_review; the Idempotency-Key repeats the first result', async () => {
    const r = await withdraw({ amount: '100' }, { key: 'wd-1' });
    expect(r.status).toBe(200);
    first = r.body.data;
    expect(first).toMatchObject({
      status: 'under_review',
      amount: '100.000000',
      fee: '1.000000',
      receive_amount: '99.000000',
      reason: null,
      txid: null,
    });
    expect(await usdc()).toBe('400.000000/100.000000');
    const again = await withdraw({ amount: '100', trade_password: TRADE_PW }, { key: 'wd-1' });
    expect(again.body.data.id).toBe(first.id);
    expect(await usdc()).toBe('400.000000/100.000000');
    const conflict = await withdraw({ amount: '50' }, { key: 'wd-1' });
    expect(conflict.status).toBe(409);
    const list = await t.call<{ list: W[]; total: number }>('GET', '/api/app/wallet/withdrawals', {
      token: user.token,
    });
    expect(list.body.data.list.map((w) => w.id)).toEqual([first.id]);
    const theirs = await t.call<{ total: number }>('GET', '/api/app/wallet/withdrawals', {
      token: other.token,
    });
    expect(theirs.body.data.total).toBe(0);
  });

  it('rejects with a reason: the money comes back and the user sees the reason', async () => {
    const bad = await t.call('POST', `/api/admin/withdrawals/${first.id}/reject`, {
      token: admin,
      body: { reason: '  ' },
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    const r = await t.call<W>('POST', `/api/admin/withdrawals/${first.id}/reject`, {
      token: admin,
      body: { reason: 'Address on a sanctions list' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'review_failed',
      reason: 'Address on a sanctions list',
      user_account: 'wd1@example.com',
    });
    expect(await usdc()).toBe('500.000000/0.000000');
    const mine = await t.call<{ list: W[] }>('GET', '/api/app/wallet/withdrawals?status=review_failed', {
      token: user.token,
    });
    expect(mine.body.data.list[0]).toMatchObject({ id: first.id, reason: 'Address on a sanctions list' });
    const twice = await t.call('POST', `/api/admin/withdrawals/${first.id}/approve`, {
      token: admin,
      lang: 'en',
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 2020, message: 'This withdrawal has already been reviewed' });
    expect(await usdc()).toBe('500.000000/0.000000');
  });

  it('approves: pays out on the simulated chain and settles (fee to the fee account)', async () => {
    const w = (await withdraw({ amount: '200' })).body.data;
    expect(await usdc()).toBe('300.000000/200.000000');
    const list = await t.call<{ list: W[] }>('GET', '/api/admin/withdrawals?status=under_review', {
      token: admin,
    });
    expect(list.body.data.list.map((x) => x.id)).toEqual([w.id]);
    const r = await t.call<W>('POST', `/api/admin/withdrawals/${w.id}/approve`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('success');
    expect(r.body.data.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await usdc()).toBe('300.000000/0.000000');
    const again = await t.call('POST', `/api/admin/withdrawals/${w.id}/reject`, {
      token: admin,
      body: { reason: 'late' },
    });
    expect(again.status).toBe(409);
    expect(await usdc()).toBe('300.000000/0.000000');
  });

  it('refunds a payout that fails on chain, and finishes a pending one on the next watcher pass', async () => {
    const d = chainDomainOf(t.app);
    const sim = d.simulated!;
    sim.nextOutcome = 'failed';
    const a = (await withdraw({ amount: '50' })).body.data;
    const ra = await t.call<W>('POST', `/api/admin/withdrawals/${a.id}/approve`, { token: admin });
    expect(ra.body.data.status).toBe('failed');
    expect(await usdc()).toBe('300.000000/0.000000');
    sim.nextOutcome = 'pending';
    const b = (await withdraw({ amount: '60' })).body.data;
    const rb = await t.call<W>('POST', `/api/admin/withdrawals/${b.id}/approve`, { token: admin });
    expect(rb.body.data.status).toBe('paying');
    expect(await usdc()).toBe('240.000000/60.000000');
    sim.resolve(rb.body.data.txid!, 'confirmed');
    await d.watcher.tick();
    const mine = await t.call<{ list: W[] }>('GET', '/api/app/wallet/withdrawals', { token: user.token });
    expect(mine.body.data.list.find((x) => x.id === b.id)?.status).toBe('success');
    expect(await usdc()).toBe('240.000000/0.000000');
    sim.nextOutcome = 'confirmed';
  });

  it('404s for unknown or malformed ids and needs an operator token', async () => {
    const unknown = await t.call(
      'POST',
      '/api/admin/withdrawals/00000000-0000-0000-0000-000000000000/approve',
      {
        token: admin,
      },
    );
    expect(unknown.status).toBe(404);
    const malformed = await t.call('POST', '/api/admin/withdrawals/abc/approve', { token: admin });
    expect(malformed.status).toBe(422);
    const asUser = await t.call('GET', '/api/admin/withdrawals', { token: user.token });
    expect(asUser.status).toBe(401);
    const badStatus = await t.call('GET', '/api/admin/withdrawals?status=nope', { token: admin });
    expect(badStatus.status).toBe(422);
  });

  it('locks the trade password after 5 wrong tries', async () => {
    const before = await usdc(other.token);
    for (let i = 0; i < 5; i++)
      expect((await withdraw({ trade_password: 'nope' }, { token: other.token })).body.code).toBe(1032);
    const locked = await withdraw({}, { token: other.token });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: 2021,
      message: 'Too many wrong transaction passwords, please try again in 15 minutes',
    });
    expect(await usdc(other.token)).toBe(before);
  });
});
