import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/account/passwords.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { auditSubject } from '../src/ops/roles.ts';
import { readableRow } from '../src/ops/snapshot.ts';
import { BACKENDS, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

/**
 * ADR 265: what the audit log keeps of an operator's decision. Found on an operator walk of the
 * console: a before with raw stored units beside an after in the coin, creates without a target,
 * product switches without a before, and bans without a reason.
 */
const OPERATOR = { email: 'records@example.com', password: 'records-pass-1' };
const TRADE_PW = 'trade-pass-1';
// TRON docs' example address: a valid checksum.
const TO = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

interface Entry {
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('readableRow: a stored row as the audit keeps it', () => {
  it('turns the unit columns into exact decimals of the row coin and times into numbers', () => {
    expect(
      readableRow('withdrawals', {
        id: 'w1',
        coin: 'USDC',
        amount: '250000000',
        fee: '1000000',
        status: 'under_review',
        created_at: '1893456000000',
        reviewed_at: null,
      }),
    ).toEqual({
      id: 'w1',
      coin: 'USDC',
      amount: '250.000000',
      fee: '1.000000',
      status: 'under_review',
      created_at: 1893456000000,
      reviewed_at: null,
    });
    // Exact far past what a float holds; a bigint from the driver too.
    expect(
      readableRow('stakes', { coin: 'BTC', amount: '123456789012345678901234567', interest: 1n }),
    ).toEqual({
      coin: 'BTC',
      amount: '1234567890123456789.01234567',
      interest: '0.00000001',
    });
    // Not a unit column, not an integer, or a coin the exchange does not know: kept as stored.
    expect(readableRow('otc_orders', { coin: 'USDC', quantity: '12.5', total: '100' })).toEqual({
      coin: 'USDC',
      quantity: '12.5',
      total: '100',
    });
    expect(readableRow('withdrawals', { coin: 'XYZ', amount: '5' })).toEqual({ coin: 'XYZ', amount: '5' });
    expect(readableRow('withdrawals', { coin: 'USDC', amount: '1.5' })).toEqual({
      coin: 'USDC',
      amount: '1.5',
    });
  });
});

describe('auditSubject: the target of an entry the hook writes', () => {
  it('is the :id, else the id of what was created, else a message user', () => {
    expect(auditSubject('/api/admin/content/:id', { id: '7' }, {}, { id: '7' }).target).toEqual({
      targetType: 'content',
      targetId: '7',
    });
    expect(auditSubject('/api/admin/content', {}, { kind: 'notice' }, { id: '12' }).target).toEqual({
      targetType: 'content',
      targetId: '12',
    });
    expect(auditSubject('/api/admin/treasury/fund', {}, {}, { coin: 'USDC', amount: '1' }).target).toEqual(
      {},
    );
    const one = auditSubject(
      '/api/admin/messages',
      {},
      { user_id: '5', translations: { en: 'x' } },
      { sent: 1 },
    );
    expect(one).toEqual({
      target: { targetType: 'user', targetId: '5' },
      after: { user_id: '5', translations: { en: 'x' }, sent: 1 },
    });
    expect(auditSubject('/api/admin/messages', {}, { broadcast: true }, { sent: 3 }).target).toEqual({
      targetType: 'messages',
    });
  });
});

describe.each(BACKENDS)('audit records of operator decisions on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let user: { token: string; user: { id: string } };

  const entries = async (query: string) =>
    (await t.call<{ list: Entry[] }>('GET', `/api/admin/audit?${query}`, { token: admin })).body.data.list;
  const auditRows = async () =>
    Number(
      (await sql<{ n: string }>`select count(*)::text as n from operator_audit`.execute(t.db)).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await testApp(backend);
    await t.services.admins.createAdmin(OPERATOR.email, OPERATOR.password);
    admin = (await t.call<{ token: string }>('POST', '/api/admin/login', { body: OPERATOR })).body.data.token;
    user = await registerUser(t, 'records-user@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a withdrawal decision keeps amounts in USDC on both sides (250.000000, not 250000000)', async () => {
    await sql`update users set verified = true, trade_password_hash = ${await hashPassword(TRADE_PW)} where id = ${user.user.id}`.execute(
      t.db,
    );
    await sql`insert into bank_cards (user_id, bank_name, card_number, holder_name, created_at)
      values (${user.user.id}, 'Bank', '4111111111111111', 'Holder', 0)`.execute(t.db);
    const { address } = await chainDomainOf(t.app).deposits.address(user.user.id);
    const dep = await t.call('POST', '/api/admin/chain/deposit', {
      token: admin,
      body: { address, amount: '500', txid: 'c'.repeat(64) },
    });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    const w = await t.call<{ id: string; amount: string }>('POST', '/api/app/wallet/withdraw', {
      token: user.token,
      body: { coin: 'USDC', network: 'TRC20', address: TO, amount: '250', trade_password: TRADE_PW },
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const rejected = await t.call('POST', `/api/admin/withdrawals/${w.body.data.id}/reject`, {
      token: admin,
      body: { reason: 'Address on a sanctions list' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const [entry] = await entries(`target_id=${w.body.data.id}`);
    expect(entry).toMatchObject({
      action: 'POST /api/admin/withdrawals/:id/reject',
      target_type: 'withdrawals',
      before: { amount: '250.000000', status: 'under_review' },
      after: { amount: '250.000000', status: 'review_failed' },
    });
    expect(entry!.before!.fee).toBe(entry!.after!.fee);
    expect(typeof entry!.before!.created_at).toBe('number');
  });

  it('creating a notice, news or a message names what was created as the target', async () => {
    const notice = await t.call<{ id: string }>('POST', '/api/admin/content', {
      token: admin,
      body: {
        kind: 'notice',
        translations: { en: { title: 'Maintenance', body: 'Sunday 02:00' } },
        published: true,
      },
    });
    expect(notice.status, JSON.stringify(notice.body)).toBe(200);
    const [created] = await entries('action=POST%20/api/admin/content');
    expect(created).toMatchObject({ target_type: 'content', target_id: notice.body.data.id });
    expect(created!.after).toMatchObject({ id: notice.body.data.id, kind: 'notice' });
    // The edit that follows finds the notice by the same target, with the text before it.
    const edit = await t.call('POST', `/api/admin/content/${notice.body.data.id}`, {
      token: admin,
      body: { published: false },
    });
    expect(edit.status).toBe(200);
    const [edited] = await entries(
      `target_type=content&target_id=${notice.body.data.id}&action=POST%20/api/admin/content/:id`,
    );
    expect(edited!.before).toMatchObject({ kind: 'notice' });
    expect(edited!.after).toMatchObject({ published: false });

    const message = await t.call('POST', '/api/admin/messages', {
      token: admin,
      body: { user_id: user.user.id, translations: { en: { title: 'Hello', body: 'About your case' } } },
    });
    expect(message.status, JSON.stringify(message.body)).toBe(200);
    const [sent] = await entries('action=POST%20/api/admin/messages');
    expect(sent).toMatchObject({ target_type: 'user', target_id: user.user.id });
    expect(sent!.after).toMatchObject({ sent: 1, translations: { en: { title: 'Hello' } } });
  });

  it('enabling or disabling a staking or AI product keeps the state before', async () => {
    const staking = await t.call<{ id: string; min_amount: string }>('POST', '/api/admin/staking/products', {
      token: admin,
      body: {
        name: 'USDC 30d',
        coin: 'USDC',
        days: 30,
        daily_rate_ppm: 300,
        min_amount: '100',
        max_amount: '5000',
      },
    });
    expect(staking.status, JSON.stringify(staking.body)).toBe(200);
    const ai = await t.call<{ id: string }>('POST', '/api/admin/ai/products', {
      token: admin,
      body: {
        name: 'AI flexible',
        coin: 'USDC',
        kind: 'current',
        days: 0,
        daily_rate_min_ppm: 100,
        daily_rate_max_ppm: 200,
        min_amount: '10',
        max_amount: '1000',
        early_fee_bp: 0,
      },
    });
    expect(ai.status, JSON.stringify(ai.body)).toBe(200);
    for (const [url, id, type] of [
      ['/api/admin/staking/products/:id', staking.body.data.id, 'staking'],
      ['/api/admin/ai/products/:id', ai.body.data.id, 'ai'],
    ] as const) {
      const off = await t.call('POST', url.replace(':id', id), { token: admin, body: { enabled: false } });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      const [entry] = await entries(`target_type=${type}&target_id=${id}&action=POST%20${url}`);
      expect(entry, url).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
      // The product's amounts read as the answer's, in the coin.
      expect(entry!.before!.min_amount, url).toBe(entry!.after!.min_amount);
      expect(entry!.before!.max_amount, url).toBe(entry!.after!.max_amount);
      // Its creation names it as well.
      const [created] = await entries(
        `target_type=${type}&target_id=${id}&action=POST%20${url.replace('/:id', '')}`,
      );
      expect(created, url).toBeDefined();
    }
  });

  it('a ban needs a reason (3 to 500 characters, localised 422, nothing changed); the entry keeps it', async () => {
    const victim = await registerUser(t, 'records-ban@example.com');
    const ban = (body: unknown, lang = 'en') =>
      t.call<{ banned_at: number | null }>('POST', `/api/admin/users/${victim.user.id}/ban`, {
        token: admin,
        lang,
        ...(body === undefined ? {} : { body }),
      });
    const before = await auditRows();
    // No body at all: the body is required, in the caller's language.
    const bare = await ban(undefined, 'de');
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({ body: ['Dieses Feld ist erforderlich'] });
    for (const [body, lang, message] of [
      [{}, 'en', 'This field is required'],
      [{}, 'de', undefined],
      [{ reason: '   ' }, 'en', 'At least 3 characters'],
      [{ reason: 'ab' }, 'zh_CN', undefined],
      [{ reason: 'x'.repeat(501) }, 'en', 'At most 500 characters'],
      [{ reason: 'Chargeback fraud', note: 'x' }, 'en', undefined],
    ] as const) {
      const res = await ban(body, lang);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const errors = res.body.errors ?? {};
      expect(Object.keys(errors).length, JSON.stringify(res.body)).toBeGreaterThan(0);
      if (message !== undefined) expect(errors.reason, JSON.stringify(body)).toEqual([message]);
      // Every language answers in its own words, never the English key.
      expect(JSON.stringify(errors)).not.toMatch(/validation\./);
    }
    const de = await ban({}, 'de');
    expect(de.body.errors?.reason?.[0]).not.toBe('This field is required');
    expect(await auditRows()).toBe(before);
    const info = await t.call('GET', '/api/app/user/info', { token: victim.token });
    expect(info.status).toBe(200);

    const ok = await ban({ reason: '  Chargeback fraud reported by the bank, case 4711 ' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.banned_at).not.toBeNull();
    const [entry] = await entries(`action=user.ban&target_id=${victim.user.id}`);
    expect(entry!.before).toMatchObject({ banned_at: null });
    expect(entry!.before).not.toHaveProperty('reason');
    expect(entry!.after).toMatchObject({ reason: 'Chargeback fraud reported by the bank, case 4711' });
    // The user learns only that the account is disabled: the reason stays in the log.
    const login = await t.call('POST', '/api/app/account/login', {
      body: { type: 'email', account: 'records-ban@example.com', password: PASSWORD },
      lang: 'en',
    });
    expect(login.body).toMatchObject({ code: 1003, message: 'This account is disabled' });
    expect(JSON.stringify(login.body)).not.toContain('Chargeback');

    // Unban: a note is optional and kept when given; too long is a 422.
    const long = await t.call('POST', `/api/admin/users/${victim.user.id}/unban`, {
      token: admin,
      lang: 'en',
      body: { note: 'x'.repeat(501) },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors?.note).toEqual(['At most 500 characters']);
    const unban = await t.call<{ banned_at: number | null }>(
      'POST',
      `/api/admin/users/${victim.user.id}/unban`,
      {
        token: admin,
        body: { note: 'Identity confirmed by phone' },
      },
    );
    expect(unban.status, JSON.stringify(unban.body)).toBe(200);
    expect(unban.body.data.banned_at).toBeNull();
    const [lifted] = await entries(`action=user.unban&target_id=${victim.user.id}`);
    expect(lifted!.after).toMatchObject({ banned_at: null, note: 'Identity confirmed by phone' });
    // Without a body at all, as before.
    await ban({ reason: 'Second case' });
    const noBody = await t.call('POST', `/api/admin/users/${victim.user.id}/unban`, { token: admin });
    expect(noBody.status, JSON.stringify(noBody.body)).toBe(200);
    const [plain] = await entries(`action=user.unban&target_id=${victim.user.id}`);
    expect(plain!.after).not.toHaveProperty('note');
  });
});
