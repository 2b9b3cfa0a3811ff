import { describe, expect, it } from 'vitest';
import {
  dataCodewordsFor,
  encodeQr,
  formatBits,
  interleave,
  qrPath,
  rsDivisor,
  rsRemainder,
} from '../src/features/funds/lib/qr.ts';
import { isTronAddress, shortAddress } from '../src/features/funds/lib/tron.ts';
import {
  leastAmount,
  maxAmount,
  receiveAmount,
  validateAddress,
  validateAmount,
} from '../src/features/funds/lib/withdraw-form.ts';

const LIMITS = { fee: '1', min: '10', max: '100000' };

describe('TRON address check (same rule as the server)', () => {
  it('accepts real addresses and refuses a changed character, prefix or length', () => {
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe(true);
    expect(isTronAddress('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8')).toBe(true);
    expect(isTronAddress('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC')).toBe(true);
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toBe(false);
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe')).toBe(false);
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isTronAddress('0x8840e6c55b9ada326d211d818c34a994aeced808')).toBe(false);
    expect(shortAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe('TNPeea…1NYqeL');
  });
});

describe('withdrawal form (exact, no floats)', () => {
  it('checks address and amount like the server', () => {
    expect(validateAddress('')).toBe('required');
    expect(validateAddress(' TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL ')).toBeNull();
    expect(validateAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toBe('invalid');
    expect(validateAmount('', '500', LIMITS)).toBe('required');
    expect(validateAmount('1e3', '500', LIMITS)).toBe('invalid');
    expect(validateAmount('-5', '500', LIMITS)).toBe('invalid');
    expect(validateAmount('10.1234567', '500', LIMITS)).toBe('decimals');
    expect(validateAmount('9.999999', '500', LIMITS)).toBe('belowMin');
    expect(validateAmount('10', '500', LIMITS)).toBeNull();
    expect(validateAmount('10,5', '500', LIMITS)).toBeNull();
    expect(validateAmount('100000.000001', '1000000', LIMITS)).toBe('aboveMax');
    expect(validateAmount('500.000001', '500', LIMITS)).toBe('exceeds');
    expect(validateAmount('500', '500.000000', LIMITS)).toBeNull();
  });

  it('computes what arrives, the least and the most amount exactly', () => {
    expect(receiveAmount('100', '1')).toBe('99');
    expect(receiveAmount('10.000001', '1')).toBe('9.000001');
    expect(receiveAmount('0.1', '1')).toBeNull();
    expect(receiveAmount('abc', '1')).toBeNull();
    // 0.1 + 0.2 style traps stay exact.
    expect(receiveAmount('0.3', '0.1')).toBe('0.2');
    expect(leastAmount({ fee: '5', min: '2', max: '10' })).toBe('5.000001');
    expect(leastAmount(LIMITS)).toBe('10');
    expect(maxAmount('123.456789', LIMITS)).toBe('123.456789');
    expect(maxAmount('200000', LIMITS)).toBe('100000');
  });
});

describe('QR encoder', () => {
  it('encodes a TRON address as version 3-M with the pattern zbarimg decoded back to the address', async () => {
    const m = encodeQr('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    expect([m.version, m.size, m.mask]).toEqual([3, 29, 3]);
    const bits = m.modules.map((r) => r.map((v) => (v ? '1' : '0')).join('')).join('\n');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(bits));
    // Pinned after decoding this exact matrix with zbarimg (zbar-tools) during development.
    expect(Buffer.from(digest).toString('hex')).toBe(
      'c4aea50320c230655d73b94c4f0a2cb9de0c6158b9d4cfd49c7b4a1f772c7a45',
    );
  });

  it('has finder patterns, timing patterns and the dark module where the standard puts them', () => {
    const m = encodeQr('hello');
    const s = m.size;
    const finder = (x0: number, y0: number) => {
      for (let y = 0; y < 7; y++)
        for (let x = 0; x < 7; x++) {
          const d = Math.max(Math.abs(x - 3), Math.abs(y - 3));
          expect(m.modules[y0 + y]![x0 + x]).toBe(d !== 2);
        }
    };
    finder(0, 0);
    finder(s - 7, 0);
    finder(0, s - 7);
    for (let i = 8; i < s - 8; i++) {
      expect(m.modules[6]![i]).toBe(i % 2 === 0);
      expect(m.modules[i]![6]).toBe(i % 2 === 0);
    }
    expect(m.modules[s - 8]![8]).toBe(true);
  });

  it('writes BCH format bits and Reed-Solomon blocks that check out', () => {
    // Level M, mask 0: the standard's table value.
    expect(formatBits(0)).toBe(0x5412 ^ 0);
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
    const data = dataCodewordsFor(1, new TextEncoder().encode('A'));
    expect(data).toHaveLength(16);
    expect(data.slice(0, 3)).toEqual([0x40, 0x14, 0x10]);
    const ecc = rsRemainder(data, rsDivisor(10));
    // A codeword (data followed by its ECC) leaves no remainder.
    expect(rsRemainder([...data, ...ecc], rsDivisor(10))).toEqual(new Array(10).fill(0));
    expect(interleave(1, data)).toEqual([...data, ...ecc]);
  });

  it('chooses the smallest version and refuses text beyond version 6', () => {
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
    expect(encodeQr('x'.repeat(106)).version).toBe(6);
    expect(() => encodeQr('x'.repeat(107))).toThrow(RangeError);
    expect(qrPath(encodeQr('A'))).toMatch(/^M\d+,\d+h1v1h-1z/);
  });
});
