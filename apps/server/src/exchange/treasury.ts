import { type AccountRef, accountKey, decimal, SYSTEM_OWNER } from '@ex/core';
import { ASSETS } from '../engine/config.ts';
import type { EnginePort } from '../engine/port.ts';
import { formatAmount } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import { isCoin, mustMove, unitsOf } from './money.ts';

/**
 * The treasury, split by purpose (ADR 113). Each purpose is its own ledger account, so the flash
 * exchange can never pay out the earn interest reserve or the dividend pool: a purpose spends only
 * what was put into it. The core's system account kinds are a closed set (packages/core), so a
 * purpose account is owned by `treasury:<purpose>` with the ordinary `spot` kind; a user id is
 * always numeric, so the owner can never be a user's.
 *
 * `general` is the old `system/treasury`: it keeps what it holds and receives IEO proceeds; the
 * operator allocates from it (or from the chain account) into a purpose.
 */
export const TREASURY_PURPOSES = ['flash', 'otc', 'earn', 'dividend'] as const;
export type TreasuryPurpose = (typeof TREASURY_PURPOSES)[number];
export type TreasurySource = 'chain' | 'general';

export const treasuryOwner = (purpose: TreasuryPurpose): string => `treasury:${purpose}`;

export const treasuryAccount = (purpose: TreasuryPurpose, asset: string): AccountRef => ({
  owner: treasuryOwner(purpose),
  kind: 'spot',
  asset,
});

export const generalTreasury = (asset: string): AccountRef => ({
  owner: SYSTEM_OWNER,
  kind: 'treasury',
  asset,
});

export interface TreasuryAccountView {
  purpose: TreasuryPurpose;
  coin: string;
  available: string;
  low_water: string;
  low: boolean;
}

/** "flash.USDC=10000,otc.BTC=0.5" -> low-water marks in the coin's smallest unit. */
export function parseLowWater(text: string): Map<string, bigint> {
  const marks = new Map<string, bigint>();
  for (const part of text.split(',')) {
    const [key, value] = part.split('=');
    if (key === undefined || value === undefined) continue;
    const [purpose, coin] = key.split('.');
    if (!TREASURY_PURPOSES.includes(purpose as TreasuryPurpose) || coin === undefined || !isCoin(coin)) {
      throw new Error(`TREASURY_LOW_WATER: unknown purpose or coin in ${part}`);
    }
    marks.set(`${purpose}.${coin}`, decimal(value, ASSETS[coin]!));
  }
  return marks;
}

export class Treasuries {
  private readonly lowWater: Map<string, bigint>;
  /** Purpose.coin pairs already reported low, so the log warns once per dip, not per move. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly host: EnginePort,
    lowWater: string,
    private readonly warn: (details: object, message: string) => void,
  ) {
    this.lowWater = parseLowWater(lowWater);
  }

  available(purpose: TreasuryPurpose, coin: string): bigint {
    return this.host.engine.ledger.balance(accountKey(treasuryOwner(purpose), 'spot', coin)).available;
  }

  /** Logs a warning when a purpose's balance is below its low-water mark (after each payout). */
  check(purpose: TreasuryPurpose, coin: string): boolean {
    const mark = this.lowWater.get(`${purpose}.${coin}`) ?? 0n;
    const available = this.available(purpose, coin);
    const key = `${purpose}.${coin}`;
    const low = available < mark;
    if (low && !this.warned.has(key)) {
      this.warned.add(key);
      this.warn(
        { purpose, coin, available: formatAmount(available, coin), low_water: formatAmount(mark, coin) },
        `treasury ${purpose} ${coin} is below its low-water mark: fund it`,
      );
    }
    if (!low) this.warned.delete(key);
    return low;
  }

  /** Every purpose and coin, with its low-water mark and whether it is below it. */
  overview(): TreasuryAccountView[] {
    return TREASURY_PURPOSES.flatMap((purpose) =>
      Object.keys(ASSETS).map((coin) => {
        const mark = this.lowWater.get(`${purpose}.${coin}`) ?? 0n;
        return {
          purpose,
          coin,
          available: formatAmount(this.available(purpose, coin), coin),
          low_water: formatAmount(mark, coin),
          low: this.check(purpose, coin),
        };
      }),
    );
  }

  balances(purpose: TreasuryPurpose): { coin: string; available: string }[] {
    return Object.keys(ASSETS).map((coin) => ({
      coin,
      available: formatAmount(this.available(purpose, coin), coin),
    }));
  }

  /** Operator: puts funds into one purpose, from outside (chain) or from the general treasury. */
  async fund(purpose: TreasuryPurpose, coin: string, amountText: string, source: TreasurySource = 'chain') {
    if (!isCoin(coin)) throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
    const amount = unitsOf(amountText, ASSETS[coin]!, 'amount');
    const from: AccountRef =
      source === 'chain' ? { owner: SYSTEM_OWNER, kind: 'chain', asset: coin } : generalTreasury(coin);
    await mustMove(this.host, 'system', from, treasuryAccount(purpose, coin), amount);
    this.check(purpose, coin);
    return amount;
  }
}

const byHost = new WeakMap<EnginePort, Treasuries>();

/** One Treasuries per engine host, shared by the domains that pay from a purpose. */
export function treasuriesOf(
  host: EnginePort,
  lowWater: string,
  warn: (details: object, message: string) => void,
): Treasuries {
  let t = byHost.get(host);
  if (t === undefined) {
    t = new Treasuries(host, lowWater, warn);
    byHost.set(host, t);
  }
  return t;
}
