const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" for lists (DESIGN.md: relative in lists, absolute in details). */
export function timeAgo(epochMs: number, nowMs: number): string {
  let value = Math.round((epochMs - nowMs) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(value, unit);
    value = Math.trunc(value / size);
  }
  return relative.format(value, 'year');
}

/**
 * Local date and time, e.g. "21/11/2026, 20:57:35". Anything but a finite number of epoch
 * milliseconds shows the placeholder (Intl throws a RangeError on an invalid date).
 */
export function dateTime(epochMs: unknown): string {
  if (typeof epochMs !== 'number' || !Number.isFinite(epochMs)) return PLACEHOLDER;
  const at = new Date(epochMs);
  return Number.isNaN(at.getTime()) ? PLACEHOLDER : absolute.format(at);
}

/**
 * A code from the API as words for the operator: "partially_filled" -> "Partially filled",
 * "transferIn" -> "Transfer in". For enums without a label of their own (order states, ledger
 * types); a feature with its own labels (KYC, withdrawals) uses those.
 */
export function codeLabel(code: unknown): string {
  if (typeof code !== 'string' || code === '') return PLACEHOLDER;
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Words an audit action's resource reads as when they are not just the code capitalised. */
const RESOURCE_WORDS: Record<string, string> = {
  kyc: 'KYC',
  otc: 'OTC',
  ieo: 'IEO',
  faq: 'FAQ',
  totp: '2FA',
};
/** Last path segments that name what was done rather than a resource ("totp/enable"). */
const VERBS = new Set([
  'setup',
  'enable',
  'disable',
  'pause',
  'resume',
  'approve',
  'reject',
  'review',
  'close',
]);
const resourceWords = (s: string) => RESOURCE_WORDS[s] ?? codeLabel(s);

/**
 * An audit action as words: "user.revoke_sessions" -> "User: revoke sessions"; a route key
 * "POST /api/admin/withdrawals/:id/approve" -> "Withdrawals: approve", "DELETE /api/admin/support/faq/:id"
 * -> "Support FAQ: delete", "POST /api/admin/support/faq" -> "Support FAQ: create". Anything else
 * is shown as sent.
 */
export function actionLabel(action: string): string {
  const dotted = /^([a-z_]+)\.([a-z_]+)$/.exec(action);
  if (dotted) return `${resourceWords(dotted[1]!)}: ${codeLabel(dotted[2]).toLowerCase()}`;
  const route = /^(POST|PUT|PATCH|DELETE) \/api\/admin\/(.+)$/.exec(action);
  if (!route) return action;
  const parts = route[2]!.split('/');
  const last = parts.at(-1)!;
  // A verb at the end ("approve"), else the method says what happened to the resource.
  const endsInVerb =
    parts.length > 1 && !last.startsWith(':') && (parts.at(-2)!.startsWith(':') || VERBS.has(last));
  const nouns = (endsInVerb ? parts.slice(0, -1) : parts).filter((p) => !p.startsWith(':'));
  const method = route[1]!;
  const verb = endsInVerb
    ? codeLabel(last).toLowerCase()
    : method === 'DELETE'
      ? 'delete'
      : method === 'POST' && !last.startsWith(':')
        ? 'create'
        : 'update';
  return `${nouns.map(resourceWords).join(' ')}: ${verb}`;
}

/** "1234.500000" -> "1,234.5" without going through a float. */
export function formatUsdc(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = frac.replace(/0+$/, '');
  return `${grouped}.${trimmed.padEnd(2, '0')}`;
}

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** What a missing or malformed figure shows: never "NaN" or "undefined" (DESIGN.md). */
export const PLACEHOLDER = '--';

/** USDC in overviews (the dashboard's tiles and sums): 2 decimals (DESIGN.md "Numbers"). */
export const USDC_OVERVIEW_DECIMALS = 2;

/** Decimals of the coins the exchange lists (the server's asset scales); others 8. */
const COIN_DECIMALS: Readonly<Record<string, number>> = { USDC: 6 };
export const coinDecimals = (coin: string): number => COIN_DECIMALS[coin] ?? 8;

export interface DecimalFormat {
  /** Digits after the decimal point always shown. */
  minFraction?: number;
  /** Digits after the decimal point at most (default: the value's own). */
  maxFraction?: number;
  /**
   * 'half' rounds half away from zero; 'down' drops the rest, for a balance: the console never
   * shows a cent more than there is; 'up' rounds away from zero, for what is owed: never a cent
   * less than is owed.
   */
  rounding?: 'half' | 'down' | 'up';
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A decimal string with thousands separators ("1234567.891" -> "1,234,567.89"). The string goes to
 * `Intl.NumberFormat` as a string, which formats it digit for digit: no float ever rounds it. A
 * value that shows as zero has no minus sign (never "-0.00").
 */
export function formatDecimal(value: string, f: DecimalFormat = {}): string {
  if (!DECIMAL_RE.test(value)) return PLACEHOLDER;
  const min = f.minFraction ?? 0;
  const max = Math.max(f.maxFraction ?? value.split('.')[1]?.length ?? 0, min);
  const key = `${min}|${max}|${f.rounding ?? 'half'}`;
  let nf = formats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat('en', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      roundingMode: f.rounding === 'down' ? 'trunc' : f.rounding === 'up' ? 'expand' : 'halfExpand',
      signDisplay: 'negative',
    });
    formats.set(key, nf);
  }
  return nf.format(value as `${number}`);
}

/** A USDC figure in an overview: "1,500.25" (`rounding` 'down' for a balance, 'up' for a debt). */
export function formatUsdcOverview(value: string, rounding: DecimalFormat['rounding'] = 'half'): string {
  return formatDecimal(value, {
    minFraction: USDC_OVERVIEW_DECIMALS,
    maxFraction: USDC_OVERVIEW_DECIMALS,
    rounding,
  });
}

/**
 * A balance of `coin` in an overview: USDC with 2 decimals, other coins with at least 2 and at
 * most their own decimals (a 0.00012 BTC balance is not 0.00), both cut towards zero.
 */
export function formatCoinOverview(value: string, coin: string): string {
  if (coin === 'USDC') return formatUsdcOverview(value, 'down');
  return formatDecimal(value, { minFraction: 2, maxFraction: coinDecimals(coin), rounding: 'down' });
}

/**
 * Moves the decimal point of a decimal string by `places` (negative: to the left), as text, so a
 * rate never passes through a float ("0.0005", 2 -> "0.05").
 */
export function shiftDecimal(value: string, places: number): string {
  const negative = value.startsWith('-');
  const [intPart = '0', fracPart = ''] = value.replace(/^-/, '').split('.');
  let digits = intPart + fracPart;
  let point = intPart.length + places;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits += '0'.repeat(point - digits.length);
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(point).replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : whole;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

export interface PercentFormat extends DecimalFormat {
  /**
   * What the value counts in: 'percent' ("0.1" is 0.1 %, the default: rollout shares, progress,
   * reserve ratios) or 'fraction' ("0.001" is 0.1 %, as the API's fee rates are stored).
   */
  of?: 'percent' | 'fraction';
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * Every percent the console shows (ADR 253): English layout, "0.1%", "100%", "1,250.5%". The value
 * is a decimal string, or a whole number for a share the console itself counts (a rollout's 25); a
 * fractional number, like anything else that is not a decimal, shows the placeholder, so no float
 * reaches a money rate. The digits after the point are the value's own unless `maxFraction` says
 * otherwise (a fee rate "0.0010" moves to "0.1" first and shows "0.1%"); the point moves as text
 * and Intl formats the string digit for digit. A value that shows as zero has no minus sign.
 */
export function formatPercent(value: unknown, f: PercentFormat = {}): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL_RE.test(text)) return PLACEHOLDER;
  const percent = f.of === 'fraction' ? shiftDecimal(text, 2) : text;
  // Unless told otherwise, the digits the value came with ("100.00" stays "100.00%").
  const own = percent.split('.')[1]?.length ?? 0;
  const min = f.minFraction ?? (f.maxFraction === undefined ? own : 0);
  const max = Math.max(f.maxFraction ?? own, min);
  const key = `${min}|${max}|${f.rounding ?? 'half'}`;
  let nf = percentFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat('en', {
      style: 'percent',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      roundingMode: f.rounding === 'down' ? 'trunc' : f.rounding === 'up' ? 'expand' : 'halfExpand',
      signDisplay: 'negative',
    });
    percentFormats.set(key, nf);
  }
  return nf.format(shiftDecimal(percent, -2) as `${number}`);
}
