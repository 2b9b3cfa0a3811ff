// Issue 12 items 3, 6, 7 (ADR 204-207): once 2FA is on, withdrawals and security changes need the
// authenticator code (refused with nothing changed without it); the withdrawal address book and its
// allow list (24 h for new addresses, a 24 h hold after turning it off); the anti-phishing code in
// every e-mail; the data export; closing the account. Attacks: another user's address -> 404, no
// code -> refused with nothing changed, allow-list bypass attempts. PGlite and PostgreSQL.
import { sql } from 'kysely';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/account/passwords.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

const TRADE_PW = 'trade-pass-1';
const TO = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const OTHER_TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HOUR = 3_600_000;

describe.each(BACKENDS)('account protection on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let user: { token: string; user: { id: string } };
  let other: { token: string; user: { id: string } };
  let secret: string;
  let recovery: string[];

  const code = () => {
    // Each accepted code moves the last step forward: step the clock so every call has a fresh one.
    t.clock.advance(30_000);
    return generateSync({ secret, epoch: Math.floor(t.clock.now() / 1000) });
  };
  const call = <T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    token = user.token,
  ) => t.call<T>(method, url, { token, body, lang: 'en' });
  const usdc = async (token = user.token) => {
    const r = await call<{ spot: { coin: string; available: string; frozen: string }[] }>(
      'GET',
      '/api/app/wallet/balances',
      undefined,
      token,
    );
    const b = r.body.data.spot.find((s) => s.coin === 'USDC');
    return `${b?.available ?? '0'}/${b?.frozen ?? '0'}`;
  };
  const withdraw = (body: Record<string, unknown> = {}, token = user.token) =>
    call<{ id: string; status: string }>(
      'POST',
      '/api/app/wallet/withdraw',
      { coin: 'USDC', network: 'TRC20', address: TO, amount: '20', trade_password: TRADE_PW, ...body },
      token,
    );
  const ready = async (userId: string) => {
    await sql`update users set verified = true, trade_password_hash = ${await hashPassword(TRADE_PW)}
      where id = ${userId}`.execute(t.db);
    await sql`insert into bank_cards (user_id, bank_name, card_number, holder_name, created_at)
      values (${userId}, 'Bank', '4111111111111111', 'Holder', 0)`.execute(t.db);
  };
  const fund = async (userId: string, amount: string, txid: string) => {
    const { address } = await chainDomainOf(t.app).deposits.address(userId);
    const r = await t.call('POST', '/api/admin/chain/deposit', {
      token: admin,
      body: { address, amount, txid },
    });
    expect(r.status).toBe(200);
  };

  beforeAll(async () => {
    t = await testApp(backend);
    await t.services.admins.createAdmin('ops@example.com', 'operator-pass-1');
    admin = (
      await t.call<{ token: string }>('POST', '/api/admin/login', {
        body: { email: 'ops@example.com', password: 'operator-pass-1' },
      })
    ).body.data.token;
    user = await registerUser(t, 'guard@example.com');
    other = await registerUser(t, 'guard2@example.com');
    await ready(user.user.id);
    await ready(other.user.id);
    await fund(user.user.id, '500', 'a'.repeat(64));
    await fund(other.user.id, '500', 'c'.repeat(64));
    secret = (await call<{ secret: string }>('POST', '/api/app/user/totp/setup')).body.data.secret;
    const on = await call<{ recovery_codes: string[] }>('POST', '/api/app/user/totp/enable', {
      code: code(),
    });
    expect(on.body.code).toBe(0);
    recovery = on.body.data.recovery_codes;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('2FA guards withdrawals and security changes', () => {
    it('a withdrawal without the code is refused (1057) and nothing is frozen; a wrong one 1058', async () => {
      const before = await usdc();
      expect((await withdraw()).body.code).toBe(1057);
      expect((await withdraw({ totp_code: '000000' })).body.code).toBe(1058);
      expect(await usdc()).toBe(before);
    });

    it('with the code it goes to review; the same code again is refused', async () => {
      const c = code();
      const ok = await withdraw({ totp_code: c });
      expect(ok.body.code).toBe(0);
      expect(ok.body.data.status).toBe('under_review');
      const before = await usdc();
      expect((await withdraw({ totp_code: c })).body.code).toBe(1058);
      expect(await usdc()).toBe(before);
    });

    it('a recovery code works once for a withdrawal', async () => {
      const rc = recovery[0]!;
      expect((await withdraw({ totp_code: rc })).body.code).toBe(0);
      expect((await withdraw({ totp_code: rc })).body.code).toBe(1058);
    });

    it('the password change needs the code; without it the old password still works', async () => {
      const body = { old_password: PASSWORD, password: 'newpass123', password_confirmation: 'newpass123' };
      expect((await call('POST', '/api/app/user/password', body)).body.code).toBe(1057);
      const login = await t.call('POST', '/api/app/account/login', {
        body: { type: 'email', account: 'guard@example.com', password: PASSWORD },
      });
      expect(login.body.code).toBe(0);
      // A wrong current password is refused before the code is looked at (the code is not used up).
      const c = code();
      expect(
        (await call('POST', '/api/app/user/password', { ...body, old_password: 'wrong-pass1' })).body.code,
      ).toBe(1030);
      const changed = await call<{ token: string }>('POST', '/api/app/user/password', {
        ...body,
        totp_code: c,
      });
      expect(changed.body.code).toBe(0);
      user.token = changed.body.data.token;
    });

    it('binding a phone needs the code; nothing changes without it', async () => {
      await call('POST', '/api/app/account/captcha', {
        type: 'phone',
        account: '1701234567',
        area_code: '+49',
        scene: 'bind',
      });
      const sent = await t.db
        .selectFrom('outbox')
        .select('code')
        .where('scene', '=', 'bind')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const body = { type: 'phone', account: '1701234567', area_code: '+49', code: sent.code };
      expect((await call('POST', '/api/app/user/bind', body)).body.code).toBe(1057);
      const info = await call<{ phone: string | null }>('GET', '/api/app/user/info');
      expect(info.body.data.phone).toBeNull();
      const bound = await call<{ phone: string | null }>('POST', '/api/app/user/bind', {
        ...body,
        totp_code: code(),
      });
      expect(bound.body.code).toBe(0);
      expect(bound.body.data.phone).toBe('1701234567');
    });

    it('a user without 2FA withdraws without a code', async () => {
      expect((await withdraw({}, other.token)).body.code).toBe(0);
    });
  });

  describe('address book and allow list (ADR 205)', () => {
    let addressId: string;
    it('saves an address with the code (2FA on); a bad address, a duplicate and no code are refused', async () => {
      const body = { coin: 'USDC', network: 'TRC20', address: TO, label: 'cold' };
      expect(
        (await call('POST', '/api/app/user/addresses', { ...body, address: 'Tnotanaddress' })).status,
      ).toBe(422);
      expect((await call('POST', '/api/app/user/addresses', body)).body.code).toBe(1057);
      const saved = await call<{ id: string; usable_at: number; created_at: number }>(
        'POST',
        '/api/app/user/addresses',
        { ...body, totp_code: code() },
      );
      expect(saved.body.code).toBe(0);
      expect(saved.body.data.usable_at - saved.body.data.created_at).toBe(24 * HOUR);
      addressId = saved.body.data.id;
      expect((await call('POST', '/api/app/user/addresses', { ...body, totp_code: code() })).body.code).toBe(
        3412,
      );
    });

    it("another user's address is 404 to delete and never listed", async () => {
      const theirs = await call<{ list: unknown[] }>(
        'GET',
        '/api/app/user/addresses',
        undefined,
        other.token,
      );
      expect(theirs.body.data.list).toHaveLength(0);
      expect(
        (await call('DELETE', `/api/app/user/addresses/${addressId}`, undefined, other.token)).status,
      ).toBe(404);
      expect((await call<{ list: unknown[] }>('GET', '/api/app/user/addresses')).body.data.list).toHaveLength(
        1,
      );
    });

    it('allow list on: unsaved addresses and addresses saved < 24 h ago are refused, nothing frozen', async () => {
      const on = await call<{ allowlist: boolean }>('POST', '/api/app/user/addresses/allowlist', {
        enabled: true,
      });
      expect(on.body.data.allowlist).toBe(true);
      const before = await usdc();
      // Not in the book (a valid address of someone else).
      expect((await withdraw({ address: OTHER_TO, totp_code: code() })).body.code).toBe(3410);
      // The saved one, but saved just now.
      const tooNew = await withdraw({ totp_code: code() });
      expect(tooNew.body.code).toBe(3411);
      expect(tooNew.body.message).toMatch(/24 h/);
      // Bypass attempts: the same address with another case or spaces is not the saved one.
      expect((await withdraw({ address: TO.toLowerCase(), totp_code: code() })).body.code).not.toBe(0);
      expect((await withdraw({ address: ` ${TO}`, totp_code: code() })).body.code).not.toBe(0);
      expect(await usdc()).toBe(before);
    });

    it('after 24 h the saved address works (with the code), others still do not', async () => {
      t.clock.advance(24 * HOUR);
      expect((await withdraw({ address: OTHER_TO, totp_code: code() })).body.code).toBe(3410);
      expect((await withdraw({ totp_code: code() })).body.code).toBe(0);
    });

    it('deleting and saving again starts the 24 h anew', async () => {
      expect((await call('DELETE', `/api/app/user/addresses/${addressId}`)).body.code).toBe(0);
      const again = await call<{ id: string }>('POST', '/api/app/user/addresses', {
        coin: 'USDC',
        network: 'TRC20',
        address: TO,
        label: 'cold',
        totp_code: code(),
      });
      expect(again.body.code).toBe(0);
      expect((await withdraw({ totp_code: code() })).body.code).toBe(3411);
    });

    it('turning it off needs the code and holds withdrawals for 24 h', async () => {
      expect((await call('POST', '/api/app/user/addresses/allowlist', { enabled: false })).body.code).toBe(
        1057,
      );
      expect((await call<{ allowlist: boolean }>('GET', '/api/app/user/addresses')).body.data.allowlist).toBe(
        true,
      );
      const off = await call<{ allowlist: boolean; withdraw_hold_until: number }>(
        'POST',
        '/api/app/user/addresses/allowlist',
        { enabled: false, totp_code: code() },
      );
      expect(off.body.data.allowlist).toBe(false);
      expect(off.body.data.withdraw_hold_until).toBeGreaterThan(t.clock.now());
      const before = await usdc();
      expect((await withdraw({ address: OTHER_TO, totp_code: code() })).body.code).toBe(3414);
      // Turning it on and off again does not shorten the hold.
      await call('POST', '/api/app/user/addresses/allowlist', { enabled: true });
      await call('POST', '/api/app/user/addresses/allowlist', { enabled: false, totp_code: code() });
      t.clock.advance(23 * HOUR);
      expect((await withdraw({ address: OTHER_TO, totp_code: code() })).body.code).toBe(3414);
      expect(await usdc()).toBe(before);
      t.clock.advance(2 * HOUR);
      expect((await withdraw({ address: OTHER_TO, totp_code: code() })).body.code).toBe(0);
    });
  });

  describe('anti-phishing code (ADR 206)', () => {
    it('needs the code once 2FA is on; then every e-mail shows it', async () => {
      expect((await call('POST', '/api/app/user/anti-phishing', { code: 'Blue42' })).body.code).toBe(1057);
      expect(
        (await call('POST', '/api/app/user/anti-phishing', { code: 'no', totp_code: code() })).status,
      ).toBe(422);
      const set = await call<{ anti_phishing_code: string }>('POST', '/api/app/user/anti-phishing', {
        code: 'Blue42',
        totp_code: code(),
      });
      expect(set.body.data.anti_phishing_code).toBe('Blue42');
      const mine = await call<{
        totp_enabled: boolean;
        anti_phishing_code: string | null;
        allowlist: boolean;
      }>('GET', '/api/app/user/protection');
      expect(mine.body.data).toMatchObject({
        totp_enabled: true,
        anti_phishing_code: 'Blue42',
        allowlist: false,
      });
      // Nobody else sees it, and without a token there is nothing.
      const otherView = await call<{ anti_phishing_code: string | null }>(
        'GET',
        '/api/app/user/protection',
        undefined,
        other.token,
      );
      expect(otherView.body.data.anti_phishing_code).toBeNull();
      expect((await t.call('GET', '/api/app/user/protection')).status).toBe(401);
      // A code mail (scene security) and a new-device login mail both carry it.
      await call('POST', '/api/app/account/captcha', {
        type: 'email',
        account: 'guard@example.com',
        scene: 'security',
      });
      await t.call('POST', '/api/app/account/login', {
        lang: 'de',
        headers: { 'x-device-id': 'another-phone-1' },
        body: { type: 'email', account: 'guard@example.com', password: 'newpass123', totp_code: code() },
      });
      const mails = await t.db
        .selectFrom('outbox')
        .select(['body', 'scene'])
        .where('recipient', '=', 'guard@example.com')
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      expect(mails.map((m) => m.scene).sort()).toEqual(['new_login', 'security']);
      for (const m of mails) expect(m.body).toMatch(/Blue42/);
      expect(mails.find((m) => m.scene === 'new_login')?.body).toMatch(/^Ihr Anti-Phishing-Code: Blue42/);
      // Someone else's mail does not.
      await call(
        'POST',
        '/api/app/account/captcha',
        { type: 'email', account: 'guard2@example.com', scene: 'security' },
        other.token,
      );
      const theirs = await t.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', 'guard2@example.com')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(theirs.body).not.toMatch(/Blue42/);
    });
  });

  describe('data export and closing the account (ADR 207)', () => {
    it('exports only my own data as one JSON document', async () => {
      const r = await call<Record<string, unknown[] | Record<string, unknown>>>(
        'GET',
        '/api/app/user/export',
      );
      expect(r.body.code).toBe(0);
      const d = r.body.data as Record<string, unknown> & {
        profile: { email: string };
        deposits: { txid: string }[];
        withdrawals: unknown[];
        logins: unknown[];
        withdrawal_addresses: unknown[];
        balances: { spot: unknown[] };
      };
      expect(d.profile.email).toBe('guard@example.com');
      expect(d.deposits.map((x) => x.txid)).toEqual(['a'.repeat(64)]);
      expect(d.withdrawals.length).toBeGreaterThan(2);
      expect(d.logins.length).toBeGreaterThan(0);
      expect(d.withdrawal_addresses).toHaveLength(1);
      expect(Array.isArray(d.balances.spot)).toBe(true);
      expect(JSON.stringify(d)).not.toContain('c'.repeat(64));
      expect(JSON.stringify(d)).not.toContain('guard2@example.com');
    });

    it('refuses to close an account with a balance (1062), nothing changed', async () => {
      const r = await call('POST', '/api/app/user/delete', { password: 'newpass123', totp_code: code() });
      expect(r.body.code).toBe(1062);
      expect((await call('GET', '/api/app/user/info')).body.code).toBe(0);
    });

    it('closes an empty account: password and code needed, sessions end, row anonymised, ledger kept', async () => {
      const closer = await registerUser(t, 'closer@example.com');
      await ready(closer.user.id);
      await fund(closer.user.id, '30', 'd'.repeat(64));
      // Empty the account: withdraw everything and let the operator pay it out.
      const w = await withdraw({ amount: '30' }, closer.token);
      expect(w.body.code).toBe(0);
      expect(
        (await call('POST', '/api/app/user/delete', { password: PASSWORD }, closer.token)).body.code,
      ).toBe(1062);
      expect(
        (await t.call('POST', `/api/admin/withdrawals/${w.body.data.id}/approve`, { token: admin })).body
          .code,
      ).toBe(0);
      expect(await usdc(closer.token)).toBe('0.000000/0.000000');
      // 2FA on for this one too.
      const own = (
        await call<{ secret: string }>('POST', '/api/app/user/totp/setup', undefined, closer.token)
      ).body.data.secret;
      const ownCode = () => {
        t.clock.advance(30_000);
        return generateSync({ secret: own, epoch: Math.floor(t.clock.now() / 1000) });
      };
      await call('POST', '/api/app/user/totp/enable', { code: ownCode() }, closer.token);
      // Another user's token cannot close it; the wrong password and a missing code change nothing.
      expect(
        (await call('POST', '/api/app/user/delete', { password: PASSWORD }, other.token)).body.code,
      ).not.toBe(0);
      expect((await call('GET', '/api/app/user/info', undefined, other.token)).body.code).toBe(0);
      expect(
        (await call('POST', '/api/app/user/delete', { password: 'wrong-pass1' }, closer.token)).body.code,
      ).toBe(1030);
      expect(
        (await call('POST', '/api/app/user/delete', { password: PASSWORD }, closer.token)).body.code,
      ).toBe(1057);
      expect((await call('GET', '/api/app/user/info', undefined, closer.token)).body.code).toBe(0);
      const ledgerBefore = await sql<{ n: string }>`select count(*) as n from ledger_entries
        where account like ${`${closer.user.id}/%`} or owner = ${closer.user.id}`.execute(t.db);
      const done = await call(
        'POST',
        '/api/app/user/delete',
        { password: PASSWORD, totp_code: ownCode() },
        closer.token,
      );
      expect(done.body.code).toBe(0);
      expect((await call('GET', '/api/app/user/info', undefined, closer.token)).body.code).toBe(411);
      const login = await t.call('POST', '/api/app/account/login', {
        body: { type: 'email', account: 'closer@example.com', password: PASSWORD },
      });
      expect(login.body.code).toBe(1002);
      const row = await sql<
        Record<string, unknown>
      >`select * from users where id = ${closer.user.id}`.execute(t.db);
      const u = row.rows[0]!;
      expect(u.email).toMatch(/@closed\.invalid$/);
      expect(u.totp_secret).toBeNull();
      expect(u.deleted_at).not.toBeNull();
      const ledgerAfter = await sql<{ n: string }>`select count(*) as n from ledger_entries
        where account like ${`${closer.user.id}/%`} or owner = ${closer.user.id}`.execute(t.db);
      expect(Number(ledgerAfter.rows[0]!.n)).toBe(Number(ledgerBefore.rows[0]!.n));
      expect(Number(ledgerAfter.rows[0]!.n)).toBeGreaterThan(0);
      // The address can be registered again by a new person.
      expect((await registerUser(t, 'closer@example.com')).user.id).not.toBe(closer.user.id);
    });
  });
});
