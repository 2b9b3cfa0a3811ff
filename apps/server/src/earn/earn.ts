// What AI savings (ADR 080) and DeFi staking (ADR 081) share, and the money moves of the dividend
// plan (ADR 082): the product catalogue's amount range, the subscription's "row first, then the
// money, the row removed on a refusal", payouts from the earn account, and the hourly job. Every
// balance change is an engine `ledgerTransfer` (entry `system`) made at most once per (owner, key)
// in the `earn` idempotency scope; each domain keeps its own tables, keys and rules.

import type { AccountRef } from '@ex/core';
import { ResultCode } from '@ex/core';
import type { FastifyInstance } from 'fastify';
import { ASSETS } from '../engine/config.ts';
import { refusal } from '../engine/errors.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { EARN_SCOPE, Mutex, moveOnce, system, unitsOf, userSpot } from '../exchange/money.ts';
import { AppError } from '../http/errors.ts';

const HOUR_MS = 3_600_000;

/** The account that holds subscribed principal and accrued interest until it is paid out. */
export const earnAccount = (asset: string): AccountRef => system('earn', asset);

/** An amount of `coin` in its smallest unit; an unknown coin or too many decimals is a 422. */
export function coinUnits(value: string, coin: string, field: string): bigint {
  const scale = ASSETS[coin];
  if (scale === undefined)
    throw new AppError('VALIDATION', undefined, { coin: ['validation.invalid_format'] });
  return unitsOf(value, scale, field);
}

/** The amount range an operator gives a new product, in units (max below min is a 422). */
export function productRange(body: { coin: string; min_amount: string; max_amount: string }): {
  min_amount: string;
  max_amount: string;
} {
  const min = coinUnits(body.min_amount, body.coin, 'min_amount');
  const max = coinUnits(body.max_amount, body.coin, 'max_amount');
  if (max < min) throw new AppError('VALIDATION', undefined, { max_amount: ['validation.invalid_format'] });
  return { min_amount: min.toString(), max_amount: max.toString() };
}

/** The stored range as the API shows it. */
export const shownRange = (r: { coin: string; min_amount: string; max_amount: string }) => ({
  min_amount: formatAmount(r.min_amount, r.coin),
  max_amount: formatAmount(r.max_amount, r.coin),
});

interface Product {
  enabled: boolean;
  coin: string;
  min_amount: string;
  max_amount: string;
}

/** A product a user may subscribe to: a missing or disabled one is not found. */
export function openProduct<P extends Product>(p: P | undefined): P {
  if (p === undefined || !p.enabled) throw new AppError('NOT_FOUND');
  return p;
}

/** The amount of a subscription, within the product's range (else QUANTITY_OUT_OF_RANGE). */
export function subscriptionAmount(p: Product, amount: string): bigint {
  const units = coinUnits(amount, p.coin, 'amount');
  if (units < BigInt(p.min_amount) || units > BigInt(p.max_amount)) {
    throw new AppError('QUANTITY_OUT_OF_RANGE');
  }
  return units;
}

/**
 * A domain's money moves, one operation at a time (the job and a user's request never interleave
 * on one row), each at most once per (owner, key).
 */
export class EarnMoney {
  private readonly lock = new Mutex();

  constructor(
    private readonly host: EnginePort,
    private readonly edb: EngineDb,
  ) {}

  /** Runs `work` after every earlier operation of this domain. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    return this.lock.run(work);
  }

  /** One move at most once per (owner, key); the engine code (OK when done before). */
  move(owner: string, key: string, from: AccountRef, to: AccountRef, amount: bigint): Promise<ResultCode> {
    return moveOnce(this.host, this.edb, EARN_SCOPE, {
      userId: owner,
      key,
      entryType: 'system',
      from,
      to,
      amount,
    });
  }

  /**
   * The money of a row just written as pending (a subscription, a stake, a pool): on a refusal
   * `undo` removes the row and the refusal is the API error (short funds: INSUFFICIENT_BALANCE).
   */
  async moveOrUndo(
    owner: string,
    key: string,
    from: AccountRef,
    to: AccountRef,
    amount: bigint,
    undo: () => Promise<unknown>,
  ): Promise<void> {
    const code = await this.move(owner, key, from, to, amount);
    if (code === ResultCode.OK) return;
    await undo();
    throw code === ResultCode.LEDGER_INSUFFICIENT_AVAILABLE
      ? new AppError('INSUFFICIENT_BALANCE')
      : refusal(code);
  }

  /** A user's subscription money: spot -> earn. */
  takeIn(userId: string, key: string, coin: string, amount: bigint, undo: () => Promise<unknown>) {
    return this.moveOrUndo(userId, key, userSpot(userId, coin), earnAccount(coin), amount, undo);
  }

  /** earn -> the user's spot: the earn account holds it, so a refusal is a bug (`what` names it). */
  async payOut(userId: string, key: string, coin: string, amount: bigint, what: string): Promise<void> {
    const code = await this.move(userId, key, earnAccount(coin), userSpot(userId, coin), amount);
    if (code !== ResultCode.OK) throw new Error(`engine refused ${what}: code ${code}`);
  }
}

/** A domain's timed job, hourly, in the process that runs the jobs (the engine's, ADR 172). */
export function hourlyJob(app: FastifyInstance, jobs: boolean, what: string, job: () => Promise<unknown>) {
  if (!jobs) return;
  const timer = setInterval(() => {
    job().catch((e: unknown) => app.log.error(e, `${what} failed`));
  }, HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
