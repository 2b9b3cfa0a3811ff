import { translateServer } from '@ex/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadGateSubject,
  requireBankCard,
  requireTradePassword,
  requireVerified,
  requireWithdrawalGates,
} from '../src/gates/index.ts';
import { AppError } from '../src/http/errors.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';
import { adminToken, verify } from './kyc-support.ts';

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
}

async function refusalOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
}

describe('gates', () => {
  it('each gate throws its own error and passes when met', () => {
    expect(refusal(() => requireVerified({ verified: false }))).toBe('KYC_REQUIRED');
    expect(refusal(() => requireVerified({ verified: true }))).toBeUndefined();
    expect(refusal(() => requireTradePassword({ has_trade_password: false }))).toBe('TRADE_PASSWORD_NOT_SET');
    expect(refusal(() => requireTradePassword({ has_trade_password: true }))).toBeUndefined();
    expect(refusal(() => requireBankCard({ bank_cards: 0 }))).toBe('NO_BANK_CARD');
    expect(refusal(() => requireBankCard({ bank_cards: 1 }))).toBeUndefined();
  });

  it("speaks the spec's messages", () => {
    expect(translateServer('en', 'error.trade_password_not_set')).toBe(
      'Transaction password not set, please set it first',
    );
    expect(translateServer('en', 'error.no_bank_card')).toBe('No bank card bound, please bind one first');
    expect(new AppError('NO_BANK_CARD').code).toBe(1034);
    expect(new AppError('TRADE_PASSWORD_NOT_SET').code).toBe(1033);
    expect(new AppError('KYC_REQUIRED').code).toBe(1035);
  });
});

describe.each(BACKENDS)('withdrawal gates on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens in order: identity, then transaction password, then bank card', async () => {
    const u = await registerUser(t, 'gate@example.com');
    expect(await loadGateSubject(t.db, u.user.id)).toEqual({
      verified: false,
      has_trade_password: false,
      bank_cards: 0,
    });
    expect(await refusalOf(requireWithdrawalGates(t.db, u.user.id))).toBe('KYC_REQUIRED');
    await verify(t, u.token, await adminToken(t));
    expect(await refusalOf(requireWithdrawalGates(t.db, u.user.id))).toBe('TRADE_PASSWORD_NOT_SET');
    await t.db.updateTable('users').set({ trade_password_hash: 'x' }).where('id', '=', u.user.id).execute();
    expect(await refusalOf(requireWithdrawalGates(t.db, u.user.id))).toBe('NO_BANK_CARD');
    const added = await t.call('POST', '/api/app/bank-cards', {
      token: u.token,
      body: { bank_name: 'N26', card_number: '4111111111111111', holder_name: 'Erika Muster' },
    });
    expect(added.status).toBe(200);
    expect(await requireWithdrawalGates(t.db, u.user.id)).toEqual({
      verified: true,
      has_trade_password: true,
      bank_cards: 1,
    });
    // Inside a transaction the gates read through the transaction handle.
    await t.db.transaction().execute(async (trx) => {
      expect((await loadGateSubject(trx, u.user.id)).bank_cards).toBe(1);
    });
  });
});
