import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTronAddress } from '../src/chain/address.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const ADMIN_EMAIL = 'ops@example.com';
const ADMIN_PASSWORD = 'operator-pass-1';
const TX = (n: number) => n.toString(16).padStart(64, 'a');

interface Dep {
  id: string;
  txid: string;
  amount: string;
  usdc_amount: string;
  status: string;
  address: string;
  user_id?: string | null;
}

describe.each(BACKENDS)('deposits on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let user: { token: string; user: { id: string } };
  let other: { token: string; user: { id: string } };
  let address: string;

  beforeAll(async () => {
    t = await testApp(backend);
    await t.services.admins.createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    const login = await t.call<{ token: string }>('POST', '/api/admin/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    admin = login.body.data.token;
    user = await registerUser(t, 'dep1@example.com');
    other = await registerUser(t, 'dep2@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const usdc = async (token: string) => {
    const r = await t.call<{ spot: { coin: string; available: string }[] }>(
      'GET',
      '/api/app/wallet/balances',
      {
        token,
      },
    );
    return r.body.data.spot.find((s) => s.coin === 'USDC')!.available;
  };
  const deposit = (body: unknown, lang = 'en') =>
    t.call<Dep>('POST', '/api/admin/chain/deposit', { token: admin, body, lang });
  const count = async (table: 'chain_deposits' | 'ledger_entries') =>
    Number(
      (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.db)).rows[0]!
        .n,
    );

  it('gives each user one stable TRC20 address derived at m/44h/195h/0h/0/<user id>', async () => {
    const a = await t.call<{ coin: string; network: string; address: string }>(
      'GET',
      '/api/app/wallet/deposit/address?coin=USDC&network=TRC20',
      { token: user.token },
    );
    expect(a.status).toBe(200);
    expect(a.body.data.coin).toBe('USDC');
    expect(a.body.data.network).toBe('TRC20');
    address = a.body.data.address;
    expect(isTronAddress(address)).toBe(true);
    expect(address).toBe(chainDomainOf(t.app).hd.depositAddress(Number(user.user.id)));
    const again = await t.call<{ address: string }>(
      'GET',
      '/api/app/wallet/deposit/address?coin=USDC&network=TRC20',
      {
        token: user.token,
      },
    );
    expect(again.body.data.address).toBe(address);
    const theirs = await t.call<{ address: string }>(
      'GET',
      '/api/app/wallet/deposit/address?coin=USDC&network=TRC20',
      { token: other.token },
    );
    expect(theirs.body.data.address).not.toBe(address);
  });

  it('refuses other coins and networks, unknown fields and missing tokens', async () => {
    const erc = await t.call('GET', '/api/app/wallet/deposit/address?coin=USDC&network=ERC20', {
      token: user.token,
      lang: 'en',
    });
    expect(erc.status).toBe(422);
    expect(Object.keys(erc.body.errors ?? {})).toEqual(['network']);
    const extra = await t.call('GET', '/api/app/wallet/deposit/address?coin=USDC&network=TRC20&x=1', {
      token: user.token,
      lang: 'en',
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ x: ['Unknown field'] });
    expect((await t.call('GET', '/api/app/wallet/deposit/address?coin=USDC&network=TRC20')).status).toBe(401);
    expect((await t.call('GET', '/api/app/wallet/deposits')).status).toBe(401);
  });

  it('credits a confirmed transfer once per txid; a replay changes nothing', async () => {
    expect(await usdc(user.token)).toBe('0.000000');
    const r = await deposit({ address, amount: '125.5', txid: TX(1) });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'received', amount: '125.500000', user_id: user.user.id });
    expect(await usdc(user.token)).toBe('125.500000');
    const ledger = await count('ledger_entries');
    const again = await deposit({ address, amount: '125.5', txid: TX(1).toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(r.body.data.id);
    expect(await usdc(user.token)).toBe('125.500000');
    expect(await count('ledger_entries')).toBe(ledger);
    // Even the same txid with another amount is the same transfer: nothing more.
    await deposit({ address, amount: '999', txid: TX(1) });
    expect(await usdc(user.token)).toBe('125.500000');
    // Concurrent replays of a new txid credit once.
    await Promise.all([1, 2, 3].map(() => deposit({ address, amount: '10', txid: TX(2) })));
    expect(await usdc(user.token)).toBe('135.500000');
  });

  it('lists own deposits only, newest first, with a status filter', async () => {
    const mine = await t.call<{ list: Dep[]; total: number }>('GET', '/api/app/wallet/deposits', {
      token: user.token,
    });
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list.map((d) => d.txid)).toEqual([TX(2), TX(1)]);
    expect(mine.body.data.list[0]).toMatchObject({
      amount: '10.000000',
      usdc_amount: '10.000000',
      status: 'received',
    });
    expect(mine.body.data.list[0]).not.toHaveProperty('user_id');
    const theirs = await t.call<{ total: number }>('GET', '/api/app/wallet/deposits', { token: other.token });
    expect(theirs.body.data.total).toBe(0);
    const failed = await t.call<{ total: number }>('GET', '/api/app/wallet/deposits?status=failed', {
      token: user.token,
    });
    expect(failed.body.data.total).toBe(0);
    const bad = await t.call('GET', '/api/app/wallet/deposits?status=done&limit=101', { token: user.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['limit', 'status.0']);
  });

  it('records a transfer to an unknown address as failed, for the operator only', async () => {
    const stranger = chainDomainOf(t.app).hd.depositAddress(999_999);
    const before = await count('ledger_entries');
    const r = await deposit({ address: stranger, amount: '5', txid: TX(3) });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'failed', user_id: null });
    expect(await count('ledger_entries')).toBe(before);
    const list = await t.call<{ list: Dep[] }>('GET', '/api/admin/chain/deposits?status=failed', {
      token: admin,
    });
    expect(list.body.data.list.map((d) => d.txid)).toEqual([TX(3)]);
  });

  it('refuses bad operator input with localised field errors and changes nothing', async () => {
    const before = await count('chain_deposits');
    const badAddr = await deposit({
      address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM',
      amount: '1',
      txid: TX(4),
    });
    expect(badAddr.status).toBe(422);
    expect(badAddr.body.errors).toEqual({
      address: ['Not a valid TRC20 address (starts with T, 34 characters, checksum must match)'],
    });
    const de = await deposit({ address, amount: 1, txid: 'xyz', extra: true }, 'de');
    expect(de.status).toBe(422);
    expect(Object.keys(de.body.errors ?? {}).sort()).toEqual(['amount', 'extra', 'txid']);
    expect(de.body.errors?.amount?.[0]).toMatch(/Dezimal/);
    const scale = await deposit({ address, amount: '1.0000001', txid: TX(4) });
    expect(scale.body.errors).toEqual({ amount: ['At most 6 decimal places'] });
    const zero = await deposit({ address, amount: '0', txid: TX(4) });
    expect(zero.status).toBe(422);
    const user401 = await t.call('POST', '/api/admin/chain/deposit', {
      token: user.token,
      body: { address, amount: '1', txid: TX(4) },
    });
    expect(user401.status).toBe(401);
    expect(await count('chain_deposits')).toBe(before);
    expect(await usdc(user.token)).toBe('135.500000');
  });

  it('shows an unconfirmed transfer as applying and credits it when it confirms', async () => {
    const { deposits } = chainDomainOf(t.app);
    const t1 = { txid: TX(5), from: null, to: address, amount: 7_000_000n, confirmed: false };
    expect((await deposits.receive(t1)).status).toBe('applying');
    expect(await usdc(user.token)).toBe('135.500000');
    expect((await deposits.receive({ ...t1, confirmed: true })).status).toBe('received');
    expect(await usdc(user.token)).toBe('142.500000');
    expect((await deposits.receive({ ...t1, confirmed: true })).status).toBe('received');
    expect(await usdc(user.token)).toBe('142.500000');
  });
});
