import { decimalString } from '@ex/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localiseIssues } from '../src/http/validation.ts';

const Body = z.strictObject({ amount: decimalString({ scale: 2, min: '1', max: '1000' }) });

function errors(input: unknown, lang: 'de' | 'en' | 'zh_CN') {
  const result = Body.safeParse(input);
  if (result.success) return {};
  return localiseIssues(result.error.issues, input, lang);
}

describe('decimal strings through the localised validator', () => {
  it.each([
    [
      { amount: 12.5 },
      'Send the amount as a decimal string such as "12.5", not as a number',
      '金额须以十进制字符串发送，例如 "12.5"，不能是数字',
    ],
    [{ amount: '1e3' }, 'Invalid decimal number', '无效的十进制数'],
    [{ amount: '-5' }, 'Invalid decimal number', '无效的十进制数'],
    [{ amount: '1.234' }, 'At most 2 decimal places', '最多 2 位小数'],
    [{ amount: '0' }, 'Must be greater than zero', '必须大于零'],
    [{ amount: '0.5' }, 'Must be at least 1', '不能小于 1'],
    [{ amount: '1000.01' }, 'Must be at most 1,000', '不能大于 1,000'],
    [{}, 'This field is required', '此项为必填项'],
  ])('%j', (input, en, zh) => {
    expect(errors(input, 'en')).toEqual({ amount: [en] });
    expect(errors(input, 'zh_CN')).toEqual({ amount: [zh] });
    expect(errors(input, 'de').amount).toHaveLength(1);
  });

  it('an unknown field is reported under its own name', () => {
    expect(errors({ amount: '5', fee: '1' }, 'de')).toEqual({ fee: ['Unbekanntes Feld'] });
  });
});
