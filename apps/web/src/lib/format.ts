import { bcp47, type Lang } from './lang.ts';

/**
 * Number formatting per language for money, prices and percentages. Values arrive as decimal
 * STRINGS and are handed to `Intl.NumberFormat.format` as strings: since Intl.NumberFormat v3 a
 * string is formatted exactly, digit for digit, so a 18-decimal amount never passes through a JS
 * float. Anything that is not a plain decimal string renders as a dash, never NaN or "undefined".
 */

const DECIMAL_RE = /^[+-]?\d+(\.\d+)?$/;
export const PLACEHOLDER = '--';

type Decimal = `${number}`;

export function isDecimalString(value: unknown): value is Decimal {
  return typeof value === 'string' && DECIMAL_RE.test(value);
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let nf = cache.get(key);
  if (!nf) {
    // Spanish and Italian group only from five digits by default (CLDR: 1500,00 but 12.345,00), so
    // a balance column mixed both looks; money screens group every thousand (1.500,00).
    nf = new Intl.NumberFormat(bcp47(lang), { useGrouping: 'always', ...options });
    cache.set(key, nf);
  }
  return nf;
}

/** Whether a decimal string is exactly zero ("0", "-0.000"). */
function isZero(value: Decimal): boolean {
  return !/[1-9]/.test(value);
}

/**
 * Moves the decimal point of a decimal string by `places` (negative = divide by 10^n), exactly.
 * Used to turn a percentage ("1.25") into the ratio ("0.0125") that Intl's percent style expects.
 */
export function shiftDecimal(value: Decimal, places: number): Decimal {
  const negative = value.startsWith('-');
  const unsigned = value.replace(/^[+-]/, '');
  const [intPart = '0', fracPart = ''] = unsigned.split('.');
  let digits = intPart + fracPart;
  let point = intPart.length + places;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(point).replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : whole;
  return `${negative && /[1-9]/.test(text) ? '-' : ''}${text}` as Decimal;
}

export interface DecimalOptions {
  /** Digits after the decimal mark that are always shown. */
  minFraction?: number;
  /** Digits after the decimal mark at most; the rest is rounded half away from zero. */
  maxFraction?: number;
  /** 'down': the digits past maxFraction are dropped (towards zero) instead of rounded. */
  rounding?: 'half' | 'down';
}

const decimalCache = new Map<string, Intl.NumberFormat>();

/**
 * Formats a decimal string with the language's separators (de: 1.234,56). Rounds half away from
 * zero for display only; a value that rounds to zero shows without a minus sign (never "-0").
 */
export function formatDecimal(value: unknown, lang: Lang, options: DecimalOptions = {}): string {
  if (!isDecimalString(value)) return PLACEHOLDER;
  const minimumFractionDigits = options.minFraction ?? 0;
  const maximumFractionDigits = Math.max(options.maxFraction ?? 8, minimumFractionDigits);
  const roundingMode = options.rounding === 'down' ? 'trunc' : 'halfExpand';
  // The order book and the trades list call this for every row of every update: the formatter is
  // found under a short key, without building and serialising an options object per call.
  const key = `${lang}|${minimumFractionDigits}|${maximumFractionDigits}|${roundingMode}`;
  let nf = decimalCache.get(key);
  if (!nf) {
    nf = numberFormat(lang, {
      minimumFractionDigits,
      maximumFractionDigits,
      roundingMode,
      signDisplay: 'negative',
    });
    decimalCache.set(key, nf);
  }
  return nf.format(value);
}

/** A price with its market's tick precision (`price_scale` decimals, always shown). */
export function formatPrice(value: unknown, scale: number, lang: Lang): string {
  return formatDecimal(value, lang, { minFraction: scale, maxFraction: scale });
}

/** Digits after the point a decimal string needs (trailing zeros do not count): "0.01000" -> 2. */
function neededFraction(value: Decimal): number {
  const point = value.indexOf('.');
  if (point < 0) return 0;
  let end = value.length;
  while (end > point + 1 && value.charCodeAt(end - 1) === 48) end--;
  return end - point - 1;
}

/** What `formatQuantity` needs of a market: its lot step and the engine's quantity decimals. */
export interface QuantityGrid {
  step_size: string;
  qty_scale: number;
}

/**
 * A quantity of a market's base coin with the market's step precision (DESIGN.md Numbers): BTC's
 * step 0.0001 shows 0.0100 BTC, not the engine's five places (0.01000), which would read as a
 * precision that does not exist. A value with digits finer than the step (bought for a quote
 * amount, a fee, a liquidation remainder) shows every digit it has, never rounded: the engine keeps
 * at most `qty_scale` of them. Without a market the value shows the digits it needs.
 */
export function formatQuantity(value: unknown, market: QuantityGrid | undefined, lang: Lang): string {
  if (!isDecimalString(value)) return PLACEHOLDER;
  const step = market?.step_size;
  const stepDigits = isDecimalString(step) ? neededFraction(step) : (market?.qty_scale ?? 0);
  // Intl takes at most 20 fraction digits; no market's quantity comes near that.
  const digits = Math.min(20, Math.max(stepDigits, neededFraction(value)));
  return formatDecimal(value, lang, { minFraction: digits, maxFraction: digits });
}

/** U+00A0: a space a line never breaks at. */
export const NBSP = '\u00A0';

/**
 * A formatted figure and its unit as one unbreakable piece ("96.938,76\u00A0USDC"): in a sentence
 * or a narrow cell at 375 px the unit never wraps onto the next line alone ("96.938,76 / USDC"). A
 * catalogue sentence takes the joined value in one placeholder (`{{qty}}`, not `{{qty}} {{base}}`).
 */
export function withUnit(figure: string, unit: string | undefined): string {
  return unit ? `${figure}${NBSP}${unit}` : figure;
}

/** A USDC amount in overviews: 2 decimals (details show full precision with `formatDecimal`). */
export function formatUsdc(value: unknown, lang: Lang): string {
  return formatDecimal(value, lang, { minFraction: 2, maxFraction: 2 });
}

/**
 * What the user can spend (an available balance, a max to add or transfer) in 2 decimals, cut
 * towards zero: 2,463.519 shows 2,463.51, never a cent more than the engine will accept (ADR 222).
 */
export function formatSpendable(value: unknown, lang: Lang): string {
  return formatDecimal(value, lang, { minFraction: 2, maxFraction: 2, rounding: 'down' });
}

/**
 * Large volumes abbreviated the way the language does it: 1.23M, 1,23 Mio., 123.46万. Abbreviated
 * values keep two decimals so a column lines up ("30,70 Mio." under "31,01 Mio.", not "30,7 Mio.");
 * values too small to abbreviate stay as they are (950, not 950.00).
 */
export function formatCompact(value: unknown, lang: Lang): string {
  if (!isDecimalString(value)) return PLACEHOLDER;
  const options: Intl.NumberFormatOptions = {
    notation: 'compact',
    maximumFractionDigits: 2,
    roundingMode: 'halfExpand',
    signDisplay: 'negative',
  };
  const abbreviated = numberFormat(lang, options)
    .formatToParts(value)
    .some((p) => p.type === 'compact');
  return numberFormat(lang, abbreviated ? { ...options, minimumFractionDigits: 2 } : options).format(value);
}

export type Tone = 'up' | 'down' | 'flat';

export interface SignedPercent {
  text: string;
  /** Drives the colour; `flat` (grey) when the value shows as zero. */
  tone: Tone;
}

/**
 * Percent in the language's own layout, from CLDR through Intl's `percent` style: de, es and fr set
 * a no-break space before the sign ("25 %"), en, it and zh write "25%". Every
 * percent the web app shows goes through here or through `formatChangePercent` (ADR 247), so no
 * screen writes its own `" %"` and the slider, the markets list and the earn cards agree.
 */
function percentText(
  value: Decimal,
  lang: Lang,
  options: DecimalOptions,
  signDisplay: 'negative' | 'exceptZero',
): string {
  const minimumFractionDigits = options.minFraction ?? 0;
  const maximumFractionDigits = Math.max(options.maxFraction ?? 8, minimumFractionDigits);
  return numberFormat(lang, {
    style: 'percent',
    minimumFractionDigits,
    maximumFractionDigits,
    roundingMode: options.rounding === 'down' ? 'trunc' : 'halfExpand',
    signDisplay,
  }).format(shiftDecimal(value, -2));
}

/**
 * A percentage given in percent ("1.25" = 1.25 %; a rate, a progress, a share), unsigned unless
 * negative. Takes a decimal string, or a whole number for UI stops and progress counters (25, 100):
 * a whole number is exact, any other number renders as a dash so no float rounding reaches a screen.
 */
export function formatPercent(value: unknown, lang: Lang, options: DecimalOptions = {}): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (!isDecimalString(text)) return PLACEHOLDER;
  // signDisplay 'negative' drops the sign of a value that rounds to zero: never "-0 %".
  return percentText(text, lang, options, 'negative');
}

/**
 * A percentage change, given in percent ("1.25" = 1.25 %, as the API's `change_pct`), always signed
 * (+1.25 %, -0.40 %) with the language's percent layout; zero (also after rounding) is neutral.
 */
export function formatChangePercent(value: unknown, lang: Lang, fractionDigits = 2): SignedPercent {
  if (!isDecimalString(value)) return { text: PLACEHOLDER, tone: 'flat' };
  const text = percentText(
    value,
    lang,
    { minFraction: fractionDigits, maxFraction: fractionDigits },
    'exceptZero',
  );
  const shownAsZero = isZero(value) || !/[1-9]/.test(text.replace(/[^\d]/g, ''));
  if (shownAsZero) return { text, tone: 'flat' };
  // DESIGN.md writes "−0.40%": the typographic minus is as wide as the plus, so signed columns
  // line up, and it cannot be mistaken for a dash.
  return { text: text.replace('-', '\u2212'), tone: value.startsWith('-') ? 'down' : 'up' };
}

/**
 * A market's last price. A market that has not traded yet reports "0": showing 0,00 would read as
 * a crash to zero, so it shows the dash until the first trade.
 */
export function formatLastPrice(value: unknown, scale: number, lang: Lang): string {
  if (!isDecimalString(value) || isZero(value)) return PLACEHOLDER;
  return formatPrice(value, scale, lang);
}
