import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ADMIN_ROUTES, rolesFor } from '../src/ops/roles.ts';
import { BACKENDS, deposit, PASSWORD, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { verify } from './kyc-support.ts';

/**
 * Issue 10 item 4: operator roles and the audit log, attacked over HTTP on PGlite and PostgreSQL.
 * The route lists come from the OpenAPI document, so a route added later is covered without
 * editing this file.
 */
const ADMIN = { email: 'root@example.com', password: 'root-password-1' };
const REVIEWER = { email: 'reviewer@example.com', password: 'reviewer-pass-1' };
const SUPPORT = { email: 'support@example.com', password: 'support-pass-1' };

interface AuditRow {
  id: string;
  admin_email: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: number;
}

type Method = 'GET' | 'POST' | 'DELETE';

/** Every admin route of the running app, `{id}` back to `:id`, from its own OpenAPI document. */
async function adminRoutes(t: TestApp): Promise<{ method: Method; url: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
  const out: { method: Method; url: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin/')) continue;
    for (const m of Object.keys(ops)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') continue;
      out.push({ method, url: path.replace(/\{(\w+)\}/g, ':$1') });
    }
  }
  return out;
}

/** A concrete URL for a route pattern: ids that exist nowhere, a symbol that does. */
function concrete(url: string): string {
  return url.replace(/:symbol\b/g, 'BTC_USDC').replace(/:\w+/g, '1');
}

async function auditCount(t: TestApp): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from operator_audit`.execute(t.db);
  return Number(r.rows[0]?.n);
}

describe.each(BACKENDS)('operator console on %s', (backend) => {
  let t: TestApp;
  const token: Record<'admin' | 'reviewer' | 'support', string> = { admin: '', reviewer: '', support: '' };
  let user: { token: string; user: { id: string } };
  let supportId = '';

  async function ethPrice(): Promise<string | undefined> {
    const coins = await t.call<{ symbol: string; price: string }[]>('GET', '/api/app/market/coins');
    return coins.body.data.find?.((c) => c.symbol === 'ETH_USDC')?.price;
  }

  async function login(who: { email: string; password: string }): Promise<string> {
    const res = await t.call<{ token: string }>('POST', '/api/admin/login', { body: who });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.token;
  }

  beforeAll(async () => {
    t = await testApp(backend);
    // The operator created the old way (bootstrap, seed) is an admin after the migration.
    await t.services.admins.createAdmin(ADMIN.email, ADMIN.password);
    token.admin = await login(ADMIN);
    for (const [who, role] of [
      [REVIEWER, 'reviewer'],
      [SUPPORT, 'support'],
    ] as const) {
      const res = await t.call<{ id: string; role: string }>('POST', '/api/admin/operators', {
        token: token.admin,
        body: { ...who, role },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.role).toBe(role);
      if (role === 'support') supportId = res.body.data.id;
    }
    token.reviewer = await login(REVIEWER);
    token.support = await login(SUPPORT);
    user = await registerUser(t, 'customer@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('an operator action lands in the audit log with who, what, target, before and after', async () => {
    const res = await t.call<{ banned_at: number | null }>('POST', `/api/admin/users/${user.user.id}/ban`, {
      token: token.support,
      body: { reason: 'Chargeback fraud reported by the bank' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.banned_at).not.toBeNull();
    const log = await t.call<{ list: AuditRow[]; total: number }>(
      'GET',
      `/api/admin/audit?action=user.ban&target_id=${user.user.id}`,
      { token: token.admin },
    );
    expect(log.status).toBe(200);
    expect(log.body.data.total).toBe(1);
    const entry = log.body.data.list[0]!;
    expect(entry).toMatchObject({
      admin_email: SUPPORT.email,
      action: 'user.ban',
      target_type: 'user',
      target_id: user.user.id,
    });
    expect(entry.before).toMatchObject({ banned_at: null, sessions: 1 });
    // The reason the operator gave is the entry's, and only the entry's (ADR 265).
    expect(entry.after).toMatchObject({ sessions: 0, reason: 'Chargeback fraud reported by the bank' });
    expect(typeof entry.after?.banned_at).toBe('number');
    expect(entry.ip).toBeTruthy();
    // The ban took: the user's token is over.
    const info = await t.call('GET', '/api/app/user/info', { token: user.token });
    expect(info.body.code).toBe(411);

    // Operator management is audited too, with the created row as `after`.
    const created = await t.call<{ list: AuditRow[] }>('GET', '/api/admin/audit?action=operator.create', {
      token: token.admin,
    });
    expect(created.body.data.list.map((e) => e.after?.email).sort()).toEqual([REVIEWER.email, SUPPORT.email]);
    expect(created.body.data.list.every((e) => e.admin_email === ADMIN.email)).toBe(true);
  });

  it('routes that know nothing of the log are audited too, secrets redacted', async () => {
    const res = await t.call('POST', '/api/admin/totp/setup', { token: token.support });
    expect(res.status).toBe(200);
    const log = await t.call<{ list: AuditRow[] }>(
      'GET',
      '/api/admin/audit?action=POST%20/api/admin/totp/setup',
      {
        token: token.reviewer,
      },
    );
    expect(log.body.data.list).toHaveLength(1);
    const text = JSON.stringify(log.body.data.list[0]);
    expect(text).toContain('[redacted]');
    const secret = (res.body as { data: { secret: string } }).data.secret;
    expect(text).not.toContain(secret);
  });

  it('a review decided in another domain (KYC) is audited with the row before and the answer after', async () => {
    const applicant = await registerUser(t, 'kyc.applicant@example.com');
    const id = await verify(t, applicant.token, token.reviewer);
    const log = await t.call<{ list: AuditRow[] }>(
      'GET',
      `/api/admin/audit?target_type=kyc&target_id=${id}`,
      {
        token: token.admin,
      },
    );
    expect(log.body.data.list).toHaveLength(1);
    expect(log.body.data.list[0]).toMatchObject({
      admin_email: REVIEWER.email,
      action: 'POST /api/admin/kyc/:id/approve',
      before: { status: 'under_audit' },
      after: { status: 'passed' },
    });
  });

  it('the audit log cannot be changed: no route, and the database refuses UPDATE, DELETE, TRUNCATE', async () => {
    const routes = await adminRoutes(t);
    expect(routes.filter((r) => r.url.startsWith('/api/admin/audit')).map((r) => r.method)).toEqual(['GET']);
    const before = await auditCount(t);
    await expect(sql`update operator_audit set action = 'forged'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from operator_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate operator_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await auditCount(t)).toBe(before);
    const forged = await sql<{
      n: string;
    }>`select count(*) as n from operator_audit where action = 'forged'`.execute(t.db);
    expect(Number(forged.rows[0]?.n)).toBe(0);
  });

  it('a user token gets 401 on every admin route (and so does no token)', async () => {
    const routes = await adminRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const fresh = await registerUser(t, 'attacker@example.com');
    const before = await auditCount(t);
    for (const r of routes) {
      if (PUBLIC_ADMIN_ROUTES.has(`${r.method} ${r.url}`)) continue;
      for (const tok of [fresh.token, undefined]) {
        const res = await t.call(r.method, concrete(r.url), {
          ...(tok ? { token: tok } : {}),
          body: r.method === 'GET' ? undefined : {},
          lang: 'en',
        });
        expect(res.status, `${r.method} ${r.url}`).toBe(401);
        expect(res.body.code, `${r.method} ${r.url}`).toBe(401);
      }
    }
    expect(await auditCount(t)).toBe(before);
  });

  it('role matrix: every route a role may not call answers 403 1090, localised, and changes nothing', async () => {
    const routes = await adminRoutes(t);
    const before = await auditCount(t);
    const users = await t.count('users');
    const admins = await t.count('admins');
    let refused = 0;
    for (const role of ['reviewer', 'support'] as const) {
      for (const r of routes) {
        if (PUBLIC_ADMIN_ROUTES.has(`${r.method} ${r.url}`)) continue;
        if (rolesFor(r.method, r.url).includes(role)) continue;
        const res = await t.call(r.method, concrete(r.url), {
          token: token[role],
          body: r.method === 'GET' ? undefined : {},
          lang: 'en',
        });
        expect(res.status, `${role} ${r.method} ${r.url}`).toBe(403);
        expect(res.body.code).toBe(1090);
        expect(res.body.message).toBe(`Your operator role (${role}) does not allow this action`);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(20);
    expect(await auditCount(t)).toBe(before);
    expect(await t.count('users')).toBe(users);
    expect(await t.count('admins')).toBe(admins);
  });

  it('named cells of the matrix', async () => {
    // A reviewer cannot touch operators; a support operator cannot decide a withdrawal or KYC.
    const mk = await t.call('POST', '/api/admin/operators', {
      token: token.reviewer,
      body: { email: 'x@example.com', password: 'whatever-pass-1', role: 'admin' },
      lang: 'de',
    });
    expect(mk.status).toBe(403);
    expect(mk.body.message).toBe('Ihre Operatorrolle (reviewer) erlaubt diese Aktion nicht');
    for (const url of ['/api/admin/withdrawals/1/approve', '/api/admin/kyc/1/approve']) {
      const res = await t.call('POST', url, { token: token.support, body: {}, lang: 'en' });
      expect(res.status, url).toBe(403);
      // The reviewer passes the guard and reaches the handler (which does not know id 1).
      const rev = await t.call('POST', url, { token: token.reviewer, body: {}, lang: 'en' });
      expect(rev.status, url).not.toBe(403);
    }
    const me = await t.call<{ role: string }>('GET', '/api/admin/me', { token: token.reviewer });
    expect(me.body.data.role).toBe('reviewer');
    // Support may read users and ban; a reviewer may read users but not ban.
    const list = await t.call('GET', '/api/admin/users', { token: token.reviewer });
    expect(list.status).toBe(200);
    const ban = await t.call('POST', `/api/admin/users/${user.user.id}/unban`, { token: token.reviewer });
    expect(ban.status).toBe(403);
  });

  it('markets: a reviewer cannot pause; a paused market refuses new orders, cancels work, the change is audited and survives a restart of the state', async () => {
    const trader = await registerUser(t, 'trader@example.com');
    await deposit(t, trader.user.id, 'USDC', 10_000_000_000n);
    const order = { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '97000.00', quantity: '0.01' };
    const open = await t.call<{ id: string }>('POST', '/api/app/spot/orders', {
      token: trader.token,
      body: order,
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);

    const auditBefore = await auditCount(t);
    const denied = await t.call('POST', '/api/admin/markets/BTC_USDC/pause', {
      token: token.reviewer,
      body: { reason: 'incident' },
      lang: 'en',
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Your operator role (reviewer) does not allow this action');
    const list = await t.call<{ symbol: string; paused: boolean }[]>('GET', '/api/admin/markets', {
      token: token.reviewer,
    });
    expect(list.body.data.find((m) => m.symbol === 'BTC_USDC')?.paused).toBe(false);
    expect(await auditCount(t)).toBe(auditBefore);

    const paused = await t.call<{ paused: boolean; reason: string }>(
      'POST',
      '/api/admin/markets/BTC_USDC/pause',
      {
        token: token.admin,
        body: { reason: 'incident' },
      },
    );
    expect(paused.body.data).toMatchObject({ paused: true, reason: 'incident' });
    const twice = await t.call('POST', '/api/admin/markets/BTC_USDC/pause', {
      token: token.admin,
      body: { reason: 'again' },
    });
    expect(twice.body.code).toBe(3010);

    const journal = t.services.engine.journalLength;
    const refused = await t.call('POST', '/api/app/spot/orders', {
      token: trader.token,
      body: order,
      lang: 'fr',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 3300, message: 'La négociation sur ce marché est suspendue' });
    expect(t.services.engine.journalLength).toBe(journal);
    // Other markets trade on.
    const eth = await t.call('POST', '/api/app/spot/orders', {
      token: trader.token,
      body: { ...order, symbol: 'ETH_USDC', price: (await ethPrice()) ?? '3000.00', quantity: '0.01' },
    });
    expect(eth.body.code).not.toBe(3300);
    const cancel = await t.call<{ status: string }>('DELETE', `/api/app/spot/orders/${open.body.data.id}`, {
      token: trader.token,
    });
    expect(cancel.status).toBe(200);

    // Applied at start: the state is rebuilt from the table.
    const { loadPausedMarkets, pausedMarkets } = await import('../src/ops/market-state.ts');
    const { opsDb } = await import('../src/ops/tables.ts');
    await loadPausedMarkets(t.services.engine, opsDb(t.db));
    expect([...pausedMarkets(t.services.engine).keys()]).toEqual(['BTC_USDC']);

    const log = await t.call<{ list: AuditRow[] }>(
      'GET',
      '/api/admin/audit?target_type=market&target_id=BTC_USDC',
      {
        token: token.admin,
      },
    );
    expect(log.body.data.list).toHaveLength(1);
    expect(log.body.data.list[0]).toMatchObject({
      action: 'market.pause',
      target_id: 'BTC_USDC',
      before: { paused: false },
      after: { paused: true, reason: 'incident' },
    });

    // The perpetual side checks the pause first, before margin or index (contract/service.ts).
    await t.call('POST', '/api/admin/markets/BTC_USDC_PERP/pause', {
      token: token.admin,
      body: { reason: 'perp' },
    });
    const perpJournal = t.services.engine.journalLength;
    const perp = await t.call('POST', '/api/app/contract/orders', {
      token: trader.token,
      lang: 'en',
      body: {
        symbol: 'BTC_USDC_PERP',
        action: 'open_long',
        type: 'market',
        quantity: '0.001',
        leverage: 10,
        margin_mode: 'cross',
      },
    });
    expect(perp.body).toMatchObject({ code: 3300, message: 'Trading in this market is paused' });
    expect(t.services.engine.journalLength).toBe(perpJournal);
    await t.call('POST', '/api/admin/markets/BTC_USDC_PERP/resume', { token: token.admin });

    const resumed = await t.call<{ paused: boolean }>('POST', '/api/admin/markets/BTC_USDC/resume', {
      token: token.admin,
    });
    expect(resumed.body.data.paused).toBe(false);
    const again = await t.call('POST', '/api/app/spot/orders', { token: trader.token, body: order });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('dashboard: every role reads the counts; sums are decimal strings', async () => {
    const res = await t.call<{
      users: { total: number; banned: number };
      volume_24h: { symbol: string; base_volume: string; quote_volume: string }[];
      open_interest: { symbol: string; quantity: string }[];
      insurance_fund: string;
      treasury: { purpose: string }[];
      deposits_today: { amount: string };
      engine: { db_ok: boolean; paused_markets: string[]; stale_index: string[] };
    }>('GET', '/api/admin/dashboard', { token: token.support });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.users.total).toBe(await t.count('users'));
    expect(d.users.banned).toBeGreaterThanOrEqual(1);
    expect(d.volume_24h.map((v) => v.symbol)).toContain('BTC_USDC');
    expect(d.open_interest.every((o) => /^\d+(\.\d+)?$/.test(o.quantity))).toBe(true);
    expect(d.insurance_fund).toMatch(/^-?\d+\.\d+$/);
    expect(d.deposits_today.amount).toMatch(/^\d+(\.\d+)?$/);
    expect(d.engine.db_ok).toBe(true);
    expect(Array.isArray(d.engine.stale_index)).toBe(true);
    expect(d.treasury.length).toBeGreaterThan(0);
  });

  it('users: search by e-mail part or UID, detail from every domain, unban and revoke sessions audited', async () => {
    const bob = await registerUser(t, 'bob.search@example.com');
    const byMail = await t.call<{ list: { id: string }[]; total: number }>(
      'GET',
      '/api/admin/users?q=BOB.SEARCH',
      {
        token: token.support,
      },
    );
    expect(byMail.body.data.list.map((u) => u.id)).toEqual([bob.user.id]);
    const byUid = await t.call<{ list: { id: string }[] }>('GET', `/api/admin/users?q=${bob.user.id}`, {
      token: token.support,
    });
    expect(byUid.body.data.list.map((u) => u.id)).toContain(bob.user.id);
    // LIKE wildcards are text, not patterns.
    const wild = await t.call<{ total: number }>('GET', '/api/admin/users?q=%25', { token: token.support });
    expect(wild.body.data.total).toBe(0);

    const detail = await t.call<{
      user: { email: string };
      balances: { account: string; coin: string }[];
      sessions: unknown[];
      orders: unknown[];
    }>('GET', `/api/admin/users/${bob.user.id}`, { token: token.support });
    expect(detail.status).toBe(200);
    expect(detail.body.data.user.email).toBe('bob.search@example.com');
    expect(detail.body.data.balances.some((b) => b.account === 'contract' && b.coin === 'USDC')).toBe(true);
    expect(detail.body.data.sessions).toHaveLength(1);
    const missing = await t.call('GET', '/api/admin/users/99999999', { token: token.support });
    expect(missing.status).toBe(404);

    const revoke = await t.call('POST', `/api/admin/users/${bob.user.id}/revoke-sessions`, {
      token: token.support,
    });
    expect(revoke.status).toBe(200);
    expect((await t.call('GET', '/api/app/user/info', { token: bob.token })).body.code).toBe(411);
    const log = await t.call<{ list: AuditRow[] }>('GET', `/api/admin/audit?target_id=${bob.user.id}`, {
      token: token.admin,
    });
    expect(log.body.data.list[0]).toMatchObject({
      action: 'user.revoke_sessions',
      before: { sessions: 1 },
      after: { sessions: 0, banned_at: null },
    });

    // Unban lifts the ban of the customer banned earlier; the user can log in again.
    const unban = await t.call<{ banned_at: number | null }>(
      'POST',
      `/api/admin/users/${user.user.id}/unban`,
      {
        token: token.support,
      },
    );
    expect(unban.body.data.banned_at).toBeNull();
    const login = await t.call('POST', '/api/app/account/login', {
      body: { type: 'email', account: 'customer@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const unbanLog = await t.call<{ list: AuditRow[] }>('GET', '/api/admin/audit?action=user.unban', {
      token: token.admin,
    });
    expect(unbanLog.body.data.list[0]?.before?.banned_at).not.toBeNull();
    expect(unbanLog.body.data.list[0]?.after?.banned_at).toBeNull();
  });

  it('bad input to the console endpoints is a localised 422 and changes nothing', async () => {
    const before = { audit: await auditCount(t), admins: await t.count('admins') };
    const cases: [Method, string, unknown, string][] = [
      ['POST', '/api/admin/operators', { email: 'nope', password: 'long-enough-1', role: 'admin' }, 'email'],
      [
        'POST',
        '/api/admin/operators',
        { email: 'a@example.com', password: 'short', role: 'admin' },
        'password',
      ],
      [
        'POST',
        '/api/admin/operators',
        { email: 'a@example.com', password: 'long-enough-1', role: 'root' },
        'role',
      ],
      [
        'POST',
        '/api/admin/operators',
        { email: 'a@example.com', password: 'long-enough-1', role: 'admin', x: 1 },
        'x',
      ],
      ['POST', '/api/admin/operators/abc/disable', {}, 'id'],
      ['POST', '/api/admin/operators/2/role', { role: 'god' }, 'role'],
      ['POST', '/api/admin/markets/BTC_USDC/pause', {}, 'reason'],
      ['POST', '/api/admin/markets/BTC_USDC/pause', { reason: 'x'.repeat(201) }, 'reason'],
      ['POST', '/api/admin/markets/btc;drop/pause', { reason: 'x' }, 'symbol'],
      // A ban says why (ADR 265): 3 to 500 characters.
      ['POST', '/api/admin/users/1/ban', {}, 'reason'],
      ['POST', '/api/admin/users/1/ban', { reason: ' x ' }, 'reason'],
      ['POST', '/api/admin/users/1/ban', { reason: 'x'.repeat(501) }, 'reason'],
      ['POST', '/api/admin/users/1/unban', { note: 'x'.repeat(501) }, 'note'],
      ['GET', '/api/admin/audit?limit=101', undefined, 'limit'],
      ['GET', '/api/admin/audit?admin_id=abc', undefined, 'admin_id'],
      ['GET', `/api/admin/users?q=${'a'.repeat(255)}`, undefined, 'q'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.call(method, url, { token: token.admin, body, lang: 'en' });
      expect(res.status, `${method} ${url}`).toBe(422);
      expect(res.body.code).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), `${method} ${url}`).toContain(field);
    }
    const unknown = await t.call('POST', '/api/admin/markets/XYZ_USDC/pause', {
      token: token.admin,
      body: { reason: 'x' },
      lang: 'en',
    });
    expect(unknown.body).toMatchObject({ code: 2101 });
    const dup = await t.call('POST', '/api/admin/operators', {
      token: token.admin,
      body: { ...REVIEWER, role: 'admin' },
      lang: 'zh_CN',
    });
    expect(dup.body).toMatchObject({ code: 1092, message: '使用此邮箱的操作员已存在' });
    expect(await auditCount(t)).toBe(before.audit);
    expect(await t.count('admins')).toBe(before.admins);
  });

  it('an admin disables an operator: sessions end, login refused, not oneself', async () => {
    const me = await t.call<{ id: string }>('GET', '/api/admin/me', { token: token.admin });
    const mine = await t.call('POST', `/api/admin/operators/${me.body.data.id}/disable`, {
      token: token.admin,
      lang: 'en',
    });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe(1093);

    const off = await t.call<{ disabled_at: number | null }>(
      'POST',
      `/api/admin/operators/${supportId}/disable`,
      {
        token: token.admin,
      },
    );
    expect(off.status).toBe(200);
    expect(off.body.data.disabled_at).not.toBeNull();
    const after = await t.call('GET', '/api/admin/me', { token: token.support });
    expect(after.body.code).toBe(411);
    const again = await t.call('POST', '/api/admin/login', { body: SUPPORT, lang: 'en' });
    expect(again.body.code).toBe(1091);
    const list = await t.call<{ email: string; disabled_at: number | null }[]>(
      'GET',
      '/api/admin/operators',
      {
        token: token.admin,
      },
    );
    expect(list.body.data.find((o) => o.email === SUPPORT.email)?.disabled_at).not.toBeNull();
  });
});
