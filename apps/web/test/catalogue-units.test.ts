// No catalogue sentence lets a line break between a figure and its unit (ADR 272, ADR 273). A figure
// and a coin are one placeholder, joined in code with `withUnit` ("Move {{amount}} from…", not
// "{{amount}} {{coin}}"); a unit written in the sentence follows its figure after U+00A0
// ("{{seconds}}\u00a0s", zh "杠杆 {{leverage}}\u00a0倍", "{{count}}\u00a0天").
import { LANGS, webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';

/** Every string of a catalogue with its dotted key. */
function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

const offenders = (lang: (typeof LANGS)[number], re: RegExp) =>
  strings(webCatalogues[lang])
    .filter(([, v]) => re.test(v))
    .map(([k, v]) => `${lang} ${k}: ${v}`);

// A placeholder, an ordinary space (not U+00A0), then a unit: a unit placeholder, a coin written
// in the sentence, or the seconds symbol.
const UNIT_AFTER_FIGURE =
  /\{\{\w+\}\} (\{\{(coin|unit|base|quote|fiat|asset|symbol|currency)\}\}|(USDC|USDT|BTC|ETH|SOL|s)(?![\p{L}\d]))/u;
// Chinese: a count and its measure word or unit (秒 seconds, 倍 times leverage, 天 days, 个/笔/张/位/
// 步/票 counters, 积分 points) are one piece too.
const ZH_MEASURE_AFTER_FIGURE = /\{\{\w+\}\} (秒|倍|天|个|個|笔|筆|张|張|位|步|票|积分|積分)/u;

describe('a figure and its unit in the catalogues', () => {
  it.each(LANGS)(
    '%s: no "{{amount}} {{coin}}"-like pair, no "{{n}} USDC" or "{{n}} s" with an ordinary space',
    (lang) => {
      expect(offenders(lang, UNIT_AFTER_FIGURE)).toEqual([]);
    },
  );

  it.each(['zh_CN', 'zh_TW'] as const)(
    '%s: a count keeps its measure word ("{{leverage}}\\u00a0倍")',
    (lang) => {
      expect(offenders(lang, ZH_MEASURE_AFTER_FIGURE)).toEqual([]);
    },
  );

  it('the checks catch what they are for', () => {
    expect(UNIT_AFTER_FIGURE.test('Move {{amount}} {{coin}} from')).toBe(true);
    expect(UNIT_AFTER_FIGURE.test('At least {{min}} USDC')).toBe(true);
    expect(UNIT_AFTER_FIGURE.test('Resend in {{seconds}} s')).toBe(true);
    expect(UNIT_AFTER_FIGURE.test('Resend in {{seconds}}\u00a0s')).toBe(false);
    expect(UNIT_AFTER_FIGURE.test('{{qty}} {{at}}')).toBe(false);
    expect(ZH_MEASURE_AFTER_FIGURE.test('杠杆 {{leverage}} 倍。')).toBe(true);
    expect(ZH_MEASURE_AFTER_FIGURE.test('杠杆 {{leverage}}\u00a0倍。')).toBe(false);
  });
});
