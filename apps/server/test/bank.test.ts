import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken, rows, verify } from './kyc-support.ts';

interface Card {
  id: string;
  bank_name: string;
  card_number: string;
  last4: string;
  holder_name: string;
  branch_name: string | null;
}

// Luhn-valid test numbers (card networks' published test cards).
const VALID = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
  '4012888888881881',
];

describe.each(BACKENDS)('bank cards on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let unverified: string;
  beforeAll(async () => {
    t = await testApp(backend);
    const admin = await adminToken(t);
    token = (await registerUser(t, 'bank1@example.com')).token;
    other = (await registerUser(t, 'bank2@example.com')).token;
    unverified = (await registerUser(t, 'bank3@example.com')).token;
    await verify(t, token, admin);
    await verify(t, other, admin, { family_name: 'Li', given_name: 'Wei' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const card = (extra: Record<string, unknown> = {}) => ({
    bank_name: 'Sparkasse',
    card_number: VALID[0],
    branch_name: 'Köln Mitte',
    branch_code: '370-501',
    holder_name: 'Erika Muster',
    ...extra,
  });
  const add = (body: unknown, lang = 'en', tok = token) =>
    t.call<Card>('POST', '/api/app/bank-cards', { token: tok, body, lang });
  const list = async (tok = token) =>
    (await t.call<Card[]>('GET', '/api/app/bank-cards', { token: tok })).body.data;

  it('needs a token and a verified identity (1035 in the spec words); nothing is stored', async () => {
    expect((await t.call('GET', '/api/app/bank-cards')).status).toBe(401);
    const res = await add(card(), 'en', unverified);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1035, message: 'Please complete identity verification first' });
    const zh = await add(card(), 'zh_CN', unverified);
    expect(zh.body.message).toBe('请先完成实名认证');
    expect(await rows(t, 'bank_cards')).toHaveLength(0);
  });

  it('refuses bad card numbers and fields with 422; nothing is stored', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [card({ card_number: '4111 1111 1111 1111' }), 'card_number', 'Invalid card number'],
      [card({ card_number: '4111111111111112' }), 'card_number', 'Invalid card number'],
      [card({ card_number: '41111111111' }), 'card_number', 'Invalid card number'],
      [card({ card_number: '41111111111111111111' }), 'card_number', 'Invalid card number'],
      [card({ card_number: 4111111111111111 }), 'card_number', 'Wrong type: text expected'],
      [card({ holder_name: undefined }), 'holder_name', 'This field is required'],
      [card({ bank_name: 'b'.repeat(61) }), 'bank_name', 'At most 60 characters'],
      [card({ branch_code: 'A B' }), 'branch_code', 'Invalid format'],
      [card({ cvv: '123' }), 'cvv', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors?.[field]).toEqual([message]);
    }
    const de = await add(card({ card_number: '4111111111111112' }), 'de');
    expect(de.body.errors?.card_number).toEqual(['Ungültige Kartennummer']);
    expect(await rows(t, 'bank_cards')).toHaveLength(0);
  });

  it('the cardholder must be the verified person (1042), in either name order', async () => {
    const res = await add(card({ holder_name: 'Max Mustermann' }), 'de');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1042);
    expect(res.body.message).toBe(
      'Der Name des Karteninhabers muss mit Ihrem verifizierten Namen übereinstimmen',
    );
    expect(await rows(t, 'bank_cards')).toHaveLength(0);
    const reversed = await add(card({ holder_name: 'LI  wei', card_number: VALID[1] }), 'en', other);
    expect(reversed.status).toBe(200);
    const joined = await add(card({ holder_name: 'Weili', card_number: VALID[2] }), 'en', other);
    expect(joined.status).toBe(200);
  });

  it('stores a card and answers masked; the full number never leaves', async () => {
    const res = await add(card({ holder_name: 'muster erika' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bank_name: 'Sparkasse',
      card_number: '**** **** **** 1111',
      last4: '1111',
      branch_name: 'Köln Mitte',
    });
    const all = await t.call('GET', '/api/app/bank-cards', { token });
    expect(JSON.stringify(all.body)).not.toContain(VALID[0]);
    expect(await list()).toHaveLength(1);
    expect(await list(other)).toHaveLength(2);
    const dup = await add(card(), 'zh_TW');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 1041, message: '該銀行帳戶已綁定' });
  });

  it('binds at most 5 cards (1040)', async () => {
    for (const n of VALID.slice(1)) expect((await add(card({ card_number: n }))).status).toBe(200);
    const sixth = await add(card({ card_number: '3530111333300000' }));
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ code: 1040, message: 'You can bind at most 5 bank cards' });
    expect(await list()).toHaveLength(5);
  });

  it("deletes only the caller's own card; others' and odd ids are 404 and change nothing", async () => {
    const mine = await list();
    const theirs = await list(other);
    for (const id of [theirs[0]!.id, '999999', 'abc']) {
      const res = await t.call('DELETE', `/api/app/bank-cards/${id}`, { token, lang: 'en' });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe(404);
    }
    expect(await list(other)).toHaveLength(theirs.length);
    const del = await t.call('DELETE', `/api/app/bank-cards/${mine[0]!.id}`, { token });
    expect(del.status).toBe(200);
    expect((await list()).map((c) => c.id)).not.toContain(mine[0]!.id);
  });
});
