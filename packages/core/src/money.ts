// Fixed-point money. Every amount is a bigint of the smallest unit at a known scale
// ("12.34" at scale 2 is 1234n). Nothing here ever goes through a JavaScript number that
// is not a safe integer, and every place that can lose precision takes an explicit rounding mode.

declare const brand: unique symbol;
/** A nominal type: a value of one unit cannot be passed where another is expected. Free at run time. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A price in integer ticks of a market (price = ticks * tickSize). Safe integer. */
export type PriceTicks = Brand<number, 'PriceTicks'>;
/** A quantity in integer lots of a market (qty = lots * stepSize). Safe integer. */
export type Lots = Brand<number, 'Lots'>;
/** An asset amount in the smallest unit of the asset's scale. */
export type Amount = Brand<bigint, 'Amount'>;

export const asTicks = (n: number): PriceTicks => n as PriceTicks;
export const asLots = (n: number): Lots => n as Lots;
export const asAmount = (n: bigint): Amount => n as Amount;

/**
 * - `down`: toward zero (truncate)      - `up`: away from zero
 * - `floor`: toward -infinity           - `ceil`: toward +infinity
 * - `half_even`: nearest, ties to even  - `half_up`: nearest, ties away from zero
 */
export type Rounding = 'down' | 'up' | 'floor' | 'ceil' | 'half_even' | 'half_up';
export const ROUNDINGS: readonly Rounding[] = ['down', 'up', 'floor', 'ceil', 'half_even', 'half_up'];

export type Result<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
const err = <E extends string>(error: E): { ok: false; error: E } => ({ ok: false, error });

export type ParseDecimalError =
  | 'empty'
  | 'too_long'
  | 'invalid_format'
  | 'exponent_not_allowed'
  | 'sign_not_allowed'
  | 'too_many_decimals';

export interface ParseDecimalOptions {
  /** When set, more decimals than the scale are rounded with this mode instead of refused. */
  rounding?: Rounding;
  /** A leading '-' is refused unless this is true. A leading '+' is always refused. */
  allowNegative?: boolean;
}

const POW10: bigint[] = [];
for (let i = 0; i <= 80; i++) POW10.push(10n ** BigInt(i));

/** 10^n as bigint (cached for the usual scales). */
export function pow10(n: number): bigint {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`pow10: bad exponent ${n}`);
  return n < POW10.length ? POW10[n]! : 10n ** BigInt(n);
}

function assertScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 0 || scale > 36) throw new RangeError(`bad scale ${scale}`);
}

/** Longest decimal string accepted from the outside: bounds the work an attacker can cause. */
export const MAX_DECIMAL_LENGTH = 80;
const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a user-supplied decimal string into an integer at `scale`. Returns a typed error instead of
 * throwing, because bad user input is expected. Accepted: `123`, `0.5`, `-1.25` (when allowed).
 * Refused: empty, whitespace, `+1`, `1e5`, `.5`, `5.`, `1,5`, `0x10`, more decimals than the scale
 * (unless a rounding mode is given).
 */
export function parseDecimal(
  input: string,
  scale: number,
  options: ParseDecimalOptions = {},
): Result<bigint, ParseDecimalError> {
  assertScale(scale);
  if (typeof input !== 'string' || input.length === 0) return err('empty');
  if (input.length > MAX_DECIMAL_LENGTH) return err('too_long');
  const m = DECIMAL_RE.exec(input);
  if (m === null) {
    if (/^[+-]?\d+(?:\.\d+)?[eE][+-]?\d+$/.test(input)) return err('exponent_not_allowed');
    if (/^\+\d+(?:\.\d+)?$/.test(input)) return err('sign_not_allowed');
    return err('invalid_format');
  }
  const negative = m[1] === '-';
  if (negative && options.allowNegative !== true) return err('sign_not_allowed');
  const intDigits = m[2]!;
  const fracDigits = m[3] ?? '';
  let value: bigint;
  if (fracDigits.length <= scale) {
    value = BigInt(intDigits + fracDigits.padEnd(scale, '0'));
  } else if (/^0*$/.test(fracDigits.slice(scale))) {
    // "1.50" at scale 1 is exact: trailing zeros lose nothing.
    value = BigInt(intDigits + fracDigits.slice(0, scale));
  } else {
    if (options.rounding === undefined) return err('too_many_decimals');
    const full = BigInt(intDigits + fracDigits);
    return ok(divRound(negative ? -full : full, pow10(fracDigits.length - scale), options.rounding));
  }
  return ok(negative ? -value : value);
}

/** parseDecimal for trusted constants (config, tests): throws on bad input. */
export function decimal(input: string, scale: number, options: ParseDecimalOptions = {}): bigint {
  const r = parseDecimal(input, scale, { allowNegative: true, ...options });
  if (!r.ok) throw new RangeError(`decimal(${JSON.stringify(input)}, ${scale}): ${r.error}`);
  return r.value;
}

export interface FormatDecimalOptions {
  /** Trailing zeros are trimmed down to this many decimals. Default: the scale (fixed width). */
  minDecimals?: number;
}

/** Formats an integer at `scale` as a decimal string: formatDecimal(123450n, 4) === "12.3450". */
export function formatDecimal(value: bigint, scale: number, options: FormatDecimalOptions = {}): string {
  assertScale(scale);
  const minDecimals = Math.min(options.minDecimals ?? scale, scale);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  let frac = digits.slice(digits.length - scale);
  let end = frac.length;
  while (end > minDecimals && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  return (negative ? '-' : '') + intPart + (frac.length > 0 ? `.${frac}` : '');
}

/** n / d rounded with `rounding`. d must not be zero (a zero divisor is a bug, so it throws). */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const negative = n < 0n !== d < 0n;
  const away = negative ? q - 1n : q + 1n;
  switch (rounding) {
    case 'down':
      return q;
    case 'up':
      return away;
    case 'floor':
      return negative ? away : q;
    case 'ceil':
      return negative ? q : away;
    case 'half_up':
    case 'half_even': {
      const absR2 = (r < 0n ? -r : r) * 2n;
      const absD = d < 0n ? -d : d;
      if (absR2 > absD) return away;
      if (absR2 < absD) return q;
      if (rounding === 'half_up') return away;
      return q % 2n === 0n ? q : away;
    }
  }
}

/** a * b / c with one explicit rounding at the end, exact otherwise (bigint has no overflow). */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  return divRound(a * b, c, rounding);
}

/** Changes the scale of an amount; going down needs a rounding mode. */
export function rescale(value: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  assertScale(fromScale);
  assertScale(toScale);
  if (toScale >= fromScale) return value * pow10(toScale - fromScale);
  return divRound(value, pow10(fromScale - toScale), rounding);
}

// ---------------------------------------------------------------------------------------------
// Markets: prices are integer ticks and quantities integer lots inside the order book.

/** How a market turns ticks and lots into decimals. */
export interface MarketScales {
  /** Decimals of the price (quote per base), e.g. 2 for "65000.12". */
  priceScale: number;
  /** Price tick in units of priceScale, e.g. 1n for 0.01 at scale 2, 50n for 0.5. */
  tickSize: bigint;
  /** Decimals of the quantity (base), e.g. 6. */
  qtyScale: number;
  /** Quantity step in units of qtyScale, e.g. 1000n for 0.001 at scale 6. */
  stepSize: bigint;
}

/** Builds MarketScales from decimal strings: market('0.01', 2, '0.001', 6). */
export function marketScales(tickSize: string, priceScale: number, stepSize: string, qtyScale: number) {
  const scales: MarketScales = {
    priceScale,
    tickSize: decimal(tickSize, priceScale),
    qtyScale,
    stepSize: decimal(stepSize, qtyScale),
  };
  if (scales.tickSize <= 0n || scales.stepSize <= 0n) throw new RangeError('tick and step must be > 0');
  return scales;
}

export type UnitsError =
  | ParseDecimalError
  | 'not_positive'
  | 'not_multiple_of_tick'
  | 'not_multiple_of_step'
  | 'too_large';

function toUnits(
  input: string,
  scale: number,
  unit: bigint,
  offGrid: 'not_multiple_of_tick' | 'not_multiple_of_step',
  rounding: Rounding | undefined,
): Result<number, UnitsError> {
  const parsed = parseDecimal(input, scale, rounding === undefined ? {} : { rounding });
  if (!parsed.ok) return parsed;
  let units: bigint;
  if (parsed.value % unit === 0n) units = parsed.value / unit;
  else if (rounding === undefined) return err(offGrid);
  else units = divRound(parsed.value, unit, rounding);
  if (units <= 0n) return err('not_positive');
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return err('too_large');
  return ok(Number(units));
}

/** "65000.50" -> ticks. Off-tick prices are refused unless a rounding mode is given. */
export function priceToTicks(
  price: string,
  m: MarketScales,
  rounding?: Rounding,
): Result<PriceTicks, UnitsError> {
  return toUnits(price, m.priceScale, m.tickSize, 'not_multiple_of_tick', rounding) as Result<
    PriceTicks,
    UnitsError
  >;
}

/** "0.125" -> lots. Off-step quantities are refused unless a rounding mode is given. */
export function qtyToLots(qty: string, m: MarketScales, rounding?: Rounding): Result<Lots, UnitsError> {
  return toUnits(qty, m.qtyScale, m.stepSize, 'not_multiple_of_step', rounding) as Result<Lots, UnitsError>;
}

export function ticksToPrice(ticks: number, m: MarketScales, options?: FormatDecimalOptions): string {
  return formatDecimal(BigInt(ticks) * m.tickSize, m.priceScale, options);
}

export function lotsToQty(lots: number, m: MarketScales, options?: FormatDecimalOptions): string {
  return formatDecimal(BigInt(lots) * m.stepSize, m.qtyScale, options);
}

/** Price in units of priceScale (bigint) from ticks. */
export const ticksToPriceUnits = (ticks: number, m: MarketScales): bigint => BigInt(ticks) * m.tickSize;
/** Quantity in units of qtyScale (bigint) from lots: the base-asset amount when qtyScale is the asset's scale. */
export const lotsToQtyUnits = (lots: number, m: MarketScales): bigint => BigInt(lots) * m.stepSize;

/**
 * The quote amount of `lots` at `ticks`, at `quoteScale`:
 * (ticks*tickSize / 10^priceScale) * (lots*stepSize / 10^qtyScale) * 10^quoteScale, rounded once.
 * Bigint throughout, so ticks*lots never overflows.
 */
export function notional(
  ticks: number,
  lots: number,
  m: MarketScales,
  quoteScale: number,
  rounding: Rounding,
): bigint {
  return tickLotsToQuote(BigInt(ticks) * BigInt(lots), m, quoteScale, rounding);
}

/**
 * The book measures the quote amount of a market-by-quote order in "tick-lots" (price ticks times
 * lots, an exact integer). These two convert between tick-lots and a quote-asset amount.
 */
export function tickLotsToQuote(
  tickLots: bigint,
  m: MarketScales,
  quoteScale: number,
  rounding: Rounding,
): bigint {
  assertScale(quoteScale);
  const num = tickLots * m.tickSize * m.stepSize * pow10(quoteScale);
  return divRound(num, pow10(m.priceScale + m.qtyScale), rounding);
}

export function quoteToTickLots(
  amount: bigint,
  m: MarketScales,
  quoteScale: number,
  rounding: Rounding,
): bigint {
  assertScale(quoteScale);
  const num = amount * pow10(m.priceScale + m.qtyScale);
  return divRound(num, m.tickSize * m.stepSize * pow10(quoteScale), rounding);
}
