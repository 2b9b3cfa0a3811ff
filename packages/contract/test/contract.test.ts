import { describe, expect, it } from 'vitest';
import {
  decimalString,
  decimalToUnits,
  ERRORS,
  errorByCode,
  LoginRequest,
  RegisterRequest,
  unitsToDecimal,
} from '../src/index.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('error catalogue', () => {
  it('has unique codes and keeps business codes off the reserved ones', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, def] of Object.entries(ERRORS)) {
      if (def.code >= 1000) expect([0, 401, 411, 422], name).not.toContain(def.code);
    }
    expect(errorByCode(411)?.status).toBe(401);
  });
});

describe('decimalString', () => {
  const amount = decimalString({ scale: 2, min: '0.10', max: '1000' });
  it.each([['1'], ['0.1'], ['12.34'], ['1000'], ['1000.00']])('accepts %s', (v) => {
    expect(amount.safeParse(v).success).toBe(true);
  });
  it.each([
    [12.5, 'validation.decimal_type'],
    ['1e3', 'validation.decimal_format'],
    ['-1', 'validation.decimal_format'],
    ['+1', 'validation.decimal_format'],
    ['01', 'validation.decimal_format'],
    ['1.', 'validation.decimal_format'],
    ['.5', 'validation.decimal_format'],
    [' 1', 'validation.decimal_format'],
    ['1.234', 'validation.decimal_scale'],
    ['0', 'validation.decimal_positive'],
    ['0.09', 'validation.decimal_min'],
    ['1000.01', 'validation.decimal_max'],
  ])('rejects %j with %s', (v, key) => {
    expect(messages(amount.safeParse(v))).toEqual([['', key]]);
  });
  it('converts exactly between strings and integer units', () => {
    expect(decimalToUnits('12.3', 4)).toBe(123000n);
    expect(unitsToDecimal(123000n, 4)).toBe('12.3000');
    expect(unitsToDecimal(5n, 2)).toBe('0.05');
    expect(unitsToDecimal(-5n, 2)).toBe('-0.05');
  });
});

describe('account requests', () => {
  const base = { type: 'email', account: 'a@b.de', password: 'abc12345', password_confirmation: 'abc12345' };
  it('needs a verification code, with or without an invitation code (issue 7 item 9)', () => {
    expect(RegisterRequest.safeParse(base).success).toBe(false);
    expect(RegisterRequest.safeParse({ ...base, invite_code: 'ABCD' }).success).toBe(false);
    expect(RegisterRequest.safeParse({ ...base, code: '123456' }).success).toBe(true);
    expect(RegisterRequest.safeParse({ ...base, code: '123456', invite_code: 'ABCD' }).success).toBe(true);
  });
  it('reports mismatched passwords and bad e-mails on their fields', () => {
    const r = RegisterRequest.safeParse({
      ...base,
      account: 'nope',
      password_confirmation: 'x',
      code: '123456',
    });
    expect(messages(r)).toEqual([
      ['account', 'validation.email_invalid'],
      ['password_confirmation', 'validation.password_mismatch'],
    ]);
  });
  it('refuses unknown fields', () => {
    const r = LoginRequest.safeParse({ type: 'email', account: 'a@b.de', password: 'x', admin: true });
    expect(r.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
