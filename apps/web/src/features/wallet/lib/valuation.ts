import type { Balances, Coin, SpotBalance } from '@ex/sdk';
import {
  addFixed,
  compareFixed,
  type Fixed,
  mulDecimals,
  parseFixed,
  signOf,
  toDecimalString,
  ZERO,
} from './decimal.ts';

export const QUOTE = 'USDC';

export interface ValuedBalance extends SpotBalance {
  /** available + frozen */
  total: string;
  /** In USDC at the spot market's last price; null when the coin has no traded USDC market. */
  value: string | null;
}

/** The last traded price of `<coin>_USDC` by coin, leaving out markets that have not traded. */
export function lastPrices(coins: readonly Coin[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of coins ?? []) {
    if (c.kind !== 'spot' || c.quote !== QUOTE) continue;
    const last = parseFixed(c.last);
    if (last && last.units > 0n) out.set(c.base, c.last);
  }
  return out;
}

export function valueBalance(b: SpotBalance, prices: ReadonlyMap<string, string>): ValuedBalance {
  const total = toDecimalString(addFixed(parseFixed(b.available) ?? ZERO, parseFixed(b.frozen) ?? ZERO));
  // Nothing held is worth nothing, priced market or not.
  if (b.coin === QUOTE || !/[1-9]/.test(total)) return { ...b, total, value: total };
  const price = prices.get(b.coin);
  return { ...b, total, value: price ? mulDecimals(total, price) : null };
}

const fixedOf = (v: string | null | undefined): Fixed => (v ? (parseFixed(v) ?? ZERO) : ZERO);

/**
 * Spot rows: USDC first, then coins held (valued ones by value, highest first, then unpriced ones),
 * then empty balances by name. `hideZero` leaves out balances whose available and frozen are both
 * zero.
 */
export function spotRows(
  balances: Balances | undefined,
  coins: readonly Coin[] | undefined,
  hideZero: boolean,
) {
  const prices = lastPrices(coins);
  const rows = (balances?.spot ?? []).map((b) => valueBalance(b, prices));
  const held = (r: ValuedBalance) => fixedOf(r.total).units !== 0n;
  const shown = hideZero ? rows.filter(held) : rows;
  return shown.sort((a, b) => {
    if (a.coin === QUOTE || b.coin === QUOTE) return a.coin === QUOTE ? -1 : 1;
    if (held(a) !== held(b)) return held(a) ? -1 : 1;
    if ((a.value === null) !== (b.value === null)) return a.value === null ? 1 : -1;
    return compareFixed(fixedOf(b.value), fixedOf(a.value)) || a.coin.localeCompare(b.coin);
  });
}

export interface Totals {
  spot: string;
  contract: string;
  total: string;
  /** Some coin had no price: the total leaves it out. */
  partial: boolean;
}

/** Spot value + contract equity, in USDC, exact. */
export function totals(balances: Balances | undefined, coins: readonly Coin[] | undefined): Totals | null {
  if (!balances) return null;
  const prices = lastPrices(coins);
  let spot = ZERO;
  let partial = false;
  for (const b of balances.spot) {
    const v = valueBalance(b, prices);
    if (v.value === null) {
      if (fixedOf(v.total).units !== 0n) partial = true;
    } else spot = addFixed(spot, fixedOf(v.value));
  }
  const contract = fixedOf(balances.contract.equity);
  return {
    spot: toDecimalString(spot),
    contract: toDecimalString(contract),
    total: toDecimalString(addFixed(spot, contract)),
    partial,
  };
}

/**
 * Available of one account/coin as the transfer screen needs it ("0" when there is none). Out of
 * the futures account the engine lets move only the free collateral (ADR 221: available less the
 * cross positions' margin and losses), never less than nothing.
 */
export function availableOf(
  balances: Balances | undefined,
  account: 'spot' | 'contract',
  coin: string,
): string {
  if (!balances) return '0';
  if (account === 'contract') {
    if (coin !== balances.contract.coin) return '0';
    const free = balances.contract.free_collateral;
    return signOf(free) < 0 ? '0' : free;
  }
  return balances.spot.find((b) => b.coin === coin)?.available ?? '0';
}
