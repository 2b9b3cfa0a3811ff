// The one deterministic exchange engine: wallets (deposits, withdrawals, transfers), spot and
// perpetual markets over a single double-entry ledger. It reads no clock and draws no random number:
// every command carries its time and ids, every reply is data (a result code and events, ledger
// entries included) for the shell to persist and then publish. snapshot()/restore() and
// stateHash() make replays checkable byte for byte.

import { hashString } from '../book/common.ts';
import type { SelfTradePrevention } from '../book/types.ts';
import { accountKey, Ledger, type LedgerSnapshot, leg, systemAccount } from '../ledger/ledger.ts';
import { ResultCode } from '../ledger/result-code.ts';
import { type AccountRef, type JournalEntry, SYSTEM_OWNER } from '../ledger/types.ts';
import type { TriggerBy } from '../perp/conditional.ts';
import type { PositionSide } from '../perp/math.ts';
import {
  type ContractAction,
  type MarginMode,
  PerpEngine,
  type PerpEvent,
  type PerpMarketConfig,
  type PerpSnapshot,
  type PositionMode,
} from '../perp/perp-engine.ts';
import { type BookFactory, fastBookFactory } from '../spot/book-factory.ts';
import {
  SpotEngine,
  type SpotEvent,
  type SpotMarketConfig,
  type SpotPlace,
  type SpotSnapshot,
} from '../spot/spot-engine.ts';
import {
  applyMarketParams,
  type MarketParamsRow,
  marketParamsSnapshot,
  restoreMarketParams,
  type SetMarketParams,
} from './market-params.ts';

export interface EngineConfig {
  /** Asset -> decimals, e.g. { USDC: 6, BTC: 8 }. */
  assets: Record<string, number>;
  spotMarkets: readonly SpotMarketConfig[];
  perpMarkets: readonly PerpMarketConfig[];
  bookFactory?: BookFactory;
  /** Keep every journal entry in memory (tests, audit). Default false: entries leave as events. */
  keepJournal?: boolean;
}

export type WalletKind = 'spot' | 'contract';

const LEDGER_TRANSFER_SYSTEM_KINDS: ReadonlySet<string> = new Set([
  'fee',
  'insurance',
  'chain',
  'ieo',
  'earn',
  'treasury',
]);

/** The fields a perpetual order command has whether it is placed at once or waits for a trigger. */
interface ContractOrder {
  ts: number;
  orderId: string;
  userId: string;
  symbol: string;
  action: ContractAction;
  orderType: 'limit' | 'market';
  mode: MarginMode;
  price?: number;
  qty: number;
  tif?: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
  stp?: SelfTradePrevention;
}

export type Command =
  | { type: 'deposit'; ts: number; id: string; userId: string; asset: string; amount: bigint }
  /** Freezes amount + fee in the spot wallet until the withdrawal settles or is refunded. */
  | {
      type: 'withdrawRequest';
      ts: number;
      id: string;
      userId: string;
      asset: string;
      amount: bigint;
      fee: bigint;
    }
  | { type: 'withdrawSettle'; ts: number; id: string }
  | { type: 'withdrawRefund'; ts: number; id: string }
  | {
      type: 'transfer';
      ts: number;
      id: string;
      userId: string;
      asset: string;
      from: WalletKind;
      to: WalletKind;
      amount: bigint;
    }
  | ({ type: 'spotPlace'; orderType: SpotPlace['type'] } & Omit<SpotPlace, 'type'>)
  | { type: 'spotCancel'; ts: number; symbol: string; orderId: string; userId: string }
  | { type: 'spotCancelAll'; ts: number; symbol: string; userId: string }
  | {
      type: 'spotAmend';
      ts: number;
      symbol: string;
      orderId: string;
      userId: string;
      qty?: number;
      price?: number;
    }
  | ({
      type: 'contractPlace';
      /** Opening orders: TP/SL ticks the position takes when the order fills (also after resting). */
      tp?: bigint;
      sl?: bigint;
    } & ContractOrder)
  /** Stop-market / stop-limit / take-profit / trailing stop (perp/conditional.ts, ADR 136). */
  | ({
      type: 'contractConditional';
      triggerPrice?: number;
      triggerBy?: TriggerBy;
      trailingPpm?: number;
      /** Stop-limit: the price band checked again when it fires (ADR 181). */
      bandPpm?: number;
    } & ContractOrder)
  | { type: 'contractCancel'; ts: number; symbol: string; orderId: string; userId: string }
  /** All of a user's contract orders (resting and conditional), in one market or all. */
  | { type: 'contractCancelAll'; ts: number; userId: string; symbol?: string }
  | {
      type: 'contractAmend';
      ts: number;
      symbol: string;
      orderId: string;
      userId: string;
      price?: number;
      qty?: number;
      triggerPrice?: number;
    }
  | { type: 'setLeverage'; ts: number; userId: string; symbol: string; leverage: number }
  /** Hedge or one-way position mode for all of a user's contract markets (ADR 180). */
  | { type: 'setPositionMode'; ts: number; userId: string; mode: PositionMode }
  | {
      type: 'adjustMargin';
      ts: number;
      id: string;
      userId: string;
      symbol: string;
      side: PositionSide;
      amount: bigint;
    }
  | {
      type: 'setTpsl';
      ts: number;
      userId: string;
      symbol: string;
      mode: MarginMode;
      side: PositionSide;
      /**
       * Ticks, 0n = none; left out = keep the position's (ADR 267: a client saving one of the two
       * cannot clear the other with a stale copy). Journals before ADR 267 always carry both.
       */
      tp?: bigint;
      sl?: bigint;
      /** The price TP/SL watch; left out = keep the position's (a new position watches the mark). */
      tpslBy?: TriggerBy;
    }
  | {
      type: 'closePosition';
      ts: number;
      orderId: string;
      userId: string;
      symbol: string;
      mode: MarginMode;
      side: PositionSide;
    }
  | { type: 'priceUpdate'; ts: number; symbol: string; indexPrice: bigint }
  | { type: 'fundingTick'; ts: number; symbol: string }
  | { type: 'liquidationCheck'; ts: number }
  /** Operator: a market's fees and leverage list (market-params.ts, ADR 154). */
  | SetMarketParams
  /**
   * A plain available -> available move for the features around trading (IEO subscriptions and
   * allocations, earn products, OTC, flash exchange, rewards, operator adjustments), so that every
   * balance change still goes through the ledger. User accounts: spot or contract; system accounts:
   * fee, insurance, chain, ieo, earn, treasury.
   */
  | {
      type: 'ledgerTransfer';
      ts: number;
      id: string;
      entryType: 'ieo' | 'system';
      from: AccountRef;
      to: AccountRef;
      amount: bigint;
    };

export type WalletEvent = { type: 'wallet.ledger'; entry: JournalEntry };
export type EngineEvent = WalletEvent | SpotEvent | PerpEvent;

export interface EngineResult {
  code: ResultCode;
  events: EngineEvent[];
}

interface PendingWithdrawal {
  userId: string;
  asset: string;
  amount: bigint;
  fee: bigint;
}

export interface EngineSnapshot {
  version: 1;
  lastTs: number;
  ledger: LedgerSnapshot;
  spot: SpotSnapshot;
  perp: PerpSnapshot;
  withdrawals: [string, string, string, string, string][];
  /** Markets whose fees or leverage list an operator changed (absent when none, ADR 154). */
  marketParams?: MarketParamsRow[];
}

export class ExchangeEngine {
  readonly ledger: Ledger;
  readonly spot: SpotEngine;
  readonly perp: PerpEngine;
  private withdrawals = new Map<string, PendingWithdrawal>();
  private lastTs = 0;

  constructor(readonly config: EngineConfig) {
    const books = config.bookFactory ?? fastBookFactory;
    this.ledger = new Ledger({ keepJournal: config.keepJournal === true });
    this.spot = new SpotEngine(this.ledger, books, config.spotMarkets);
    this.perp = new PerpEngine(this.ledger, books, config.perpMarkets);
  }

  execute(cmd: Command): EngineResult {
    if (cmd.ts < this.lastTs) return { code: ResultCode.ENGINE_TIME_WENT_BACKWARDS, events: [] };
    const r = this.dispatch(cmd);
    // Time only moves on with commands that changed something, so a refused command leaves no trace.
    if (r.code === ResultCode.OK) this.lastTs = cmd.ts;
    return r;
  }

  private dispatch(cmd: Command): EngineResult {
    switch (cmd.type) {
      case 'deposit':
        return this.deposit(cmd);
      case 'withdrawRequest':
        return this.withdrawRequest(cmd);
      case 'withdrawSettle':
      case 'withdrawRefund':
        return this.withdrawFinish(cmd.id, cmd.type === 'withdrawSettle', cmd.ts);
      case 'transfer':
        return this.transfer(cmd);
      case 'spotPlace':
        if (this.perp.hasOrder(cmd.orderId)) return { code: ResultCode.SPOT_DUPLICATE_ORDER_ID, events: [] };
        // One copy with the order type as `type` (the spot engine reads fields; `orderType` rides along).
        return this.spot.place({ ...cmd, type: cmd.orderType });
      case 'spotCancel':
        return this.spot.cancel(cmd.symbol, cmd.orderId, cmd.userId, cmd.ts);
      case 'spotCancelAll':
        return this.spot.cancelAll(cmd.symbol, cmd.userId, cmd.ts);
      case 'spotAmend':
        return this.spot.amend(
          cmd.symbol,
          cmd.orderId,
          cmd.userId,
          {
            ...(cmd.qty !== undefined ? { qty: cmd.qty } : {}),
            ...(cmd.price !== undefined ? { price: cmd.price } : {}),
          },
          cmd.ts,
        );
      case 'contractPlace':
        if (this.spot.hasOrder(cmd.orderId)) return { code: ResultCode.PERP_DUPLICATE_ORDER_ID, events: [] };
        return this.perp.place({
          orderId: cmd.orderId,
          userId: cmd.userId,
          symbol: cmd.symbol,
          action: cmd.action,
          type: cmd.orderType,
          mode: cmd.mode,
          ...(cmd.price !== undefined ? { price: cmd.price } : {}),
          qty: cmd.qty,
          ...(cmd.tif !== undefined ? { tif: cmd.tif } : {}),
          ...(cmd.stp !== undefined ? { stp: cmd.stp } : {}),
          ...(cmd.tp !== undefined ? { tp: cmd.tp } : {}),
          ...(cmd.sl !== undefined ? { sl: cmd.sl } : {}),
          ts: cmd.ts,
        });
      case 'contractConditional': {
        if (this.spot.hasOrder(cmd.orderId)) return { code: ResultCode.PERP_DUPLICATE_ORDER_ID, events: [] };
        const { type: _t, orderType, ...rest } = cmd;
        return this.perp.placeConditional({ ...rest, type: orderType });
      }
      case 'contractCancel':
        return this.perp.cancel(cmd.symbol, cmd.orderId, cmd.userId, cmd.ts);
      case 'contractCancelAll':
        return this.perp.cancelAll(cmd.userId, cmd.symbol, cmd.ts);
      case 'contractAmend': {
        const { type: _t, ...rest } = cmd;
        return this.perp.amend(rest);
      }
      case 'setLeverage':
        return this.perp.setLeverage(cmd.userId, cmd.symbol, cmd.leverage, cmd.ts);
      case 'setPositionMode':
        return this.perp.setPositionMode(cmd.userId, cmd.mode);
      case 'adjustMargin':
        return this.perp.adjustMargin(cmd.userId, cmd.symbol, cmd.side, cmd.amount, cmd.id, cmd.ts);
      case 'setTpsl':
        return this.perp.setTpsl(cmd.userId, cmd.symbol, cmd.mode, cmd.side, cmd.tp, cmd.sl, cmd.tpslBy);
      case 'closePosition':
        if (this.spot.hasOrder(cmd.orderId)) return { code: ResultCode.PERP_DUPLICATE_ORDER_ID, events: [] };
        return this.perp.closePosition(cmd.orderId, cmd.userId, cmd.symbol, cmd.mode, cmd.side, cmd.ts);
      case 'priceUpdate':
        return this.perp.priceUpdate(cmd.symbol, cmd.indexPrice, cmd.ts);
      case 'fundingTick':
        return this.perp.fundingTick(cmd.symbol, cmd.ts);
      case 'liquidationCheck':
        return this.perp.liquidationCheck(cmd.ts);
      case 'ledgerTransfer':
        return this.ledgerTransfer(cmd);
      case 'setMarketParams':
        return applyMarketParams(this, cmd);
      default:
        return { code: ResultCode.ENGINE_UNKNOWN_COMMAND, events: [] };
    }
  }

  private wallet(entry: JournalEntry): EngineResult {
    return { code: ResultCode.OK, events: [{ type: 'wallet.ledger', entry }] };
  }

  private deposit(cmd: Extract<Command, { type: 'deposit' }>): EngineResult {
    if (this.config.assets[cmd.asset] === undefined)
      return { code: ResultCode.ENGINE_UNKNOWN_ASSET, events: [] };
    if (cmd.amount <= 0n) return { code: ResultCode.ENGINE_INVALID_AMOUNT, events: [] };
    const r = this.ledger.post('deposit', cmd.id, cmd.ts, [
      leg(systemAccount('chain', cmd.asset), 'available', -cmd.amount),
      leg(accountKey(cmd.userId, 'spot', cmd.asset), 'available', cmd.amount),
    ]);
    return r.entry === undefined ? { code: r.code, events: [] } : this.wallet(r.entry);
  }

  private withdrawRequest(cmd: Extract<Command, { type: 'withdrawRequest' }>): EngineResult {
    if (this.config.assets[cmd.asset] === undefined)
      return { code: ResultCode.ENGINE_UNKNOWN_ASSET, events: [] };
    if (cmd.amount <= 0n || cmd.fee < 0n) return { code: ResultCode.ENGINE_INVALID_AMOUNT, events: [] };
    if (this.withdrawals.has(cmd.id)) return { code: ResultCode.ENGINE_DUPLICATE_REFERENCE, events: [] };
    const r = this.ledger.freeze(
      'withdraw',
      cmd.id,
      cmd.ts,
      accountKey(cmd.userId, 'spot', cmd.asset),
      cmd.amount + cmd.fee,
    );
    if (r.entry === undefined) return { code: r.code, events: [] };
    this.withdrawals.set(cmd.id, { userId: cmd.userId, asset: cmd.asset, amount: cmd.amount, fee: cmd.fee });
    return this.wallet(r.entry);
  }

  private withdrawFinish(id: string, settle: boolean, ts: number): EngineResult {
    const w = this.withdrawals.get(id);
    if (w === undefined) return { code: ResultCode.ENGINE_UNKNOWN_WITHDRAWAL, events: [] };
    const account = accountKey(w.userId, 'spot', w.asset);
    const entry = settle
      ? this.ledger.mustPost('withdraw', id, ts, [
          leg(account, 'frozen', -(w.amount + w.fee)),
          leg(systemAccount('chain', w.asset), 'available', w.amount),
          leg(systemAccount('fee', w.asset), 'available', w.fee),
        ])
      : this.ledger.mustPost('withdrawRefund', id, ts, [
          leg(account, 'frozen', -(w.amount + w.fee)),
          leg(account, 'available', w.amount + w.fee),
        ]);
    this.withdrawals.delete(id);
    return this.wallet(entry);
  }

  /**
   * Spot <-> contract. The entry is `transferIn` when money comes into the contract wallet and
   * `transferOut` when it leaves it. Out of the contract wallet only what is free of cross margin.
   */
  private transfer(cmd: Extract<Command, { type: 'transfer' }>): EngineResult {
    if (this.config.assets[cmd.asset] === undefined)
      return { code: ResultCode.ENGINE_UNKNOWN_ASSET, events: [] };
    if (cmd.from === cmd.to) return { code: ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT, events: [] };
    if (cmd.amount <= 0n) return { code: ResultCode.ENGINE_INVALID_AMOUNT, events: [] };
    if (cmd.from === 'contract' && this.perp.freeCollateral(cmd.userId, cmd.asset) < cmd.amount) {
      return { code: ResultCode.PERP_INSUFFICIENT_MARGIN, events: [] };
    }
    const r = this.ledger.transfer(
      cmd.to === 'contract' ? 'transferIn' : 'transferOut',
      cmd.id,
      cmd.ts,
      accountKey(cmd.userId, cmd.from, cmd.asset),
      accountKey(cmd.userId, cmd.to, cmd.asset),
      cmd.amount,
    );
    return r.entry === undefined ? { code: r.code, events: [] } : this.wallet(r.entry);
  }

  private ledgerTransfer(cmd: Extract<Command, { type: 'ledgerTransfer' }>): EngineResult {
    const fail = (code: ResultCode): EngineResult => ({ code, events: [] });
    if (cmd.entryType !== 'ieo' && cmd.entryType !== 'system') return fail(ResultCode.ENGINE_UNKNOWN_COMMAND);
    for (const a of [cmd.from, cmd.to]) {
      if (this.config.assets[a.asset] === undefined) return fail(ResultCode.ENGINE_UNKNOWN_ASSET);
      const ok =
        a.owner === SYSTEM_OWNER
          ? LEDGER_TRANSFER_SYSTEM_KINDS.has(a.kind)
          : a.kind === 'spot' || a.kind === 'contract';
      if (!ok) return fail(ResultCode.ENGINE_INVALID_ACCOUNT);
    }
    if (cmd.from.asset !== cmd.to.asset) return fail(ResultCode.LEDGER_UNBALANCED);
    if (cmd.amount <= 0n) return fail(ResultCode.ENGINE_INVALID_AMOUNT);
    const from = accountKey(cmd.from.owner, cmd.from.kind, cmd.from.asset);
    const to = accountKey(cmd.to.owner, cmd.to.kind, cmd.to.asset);
    if (from === to) return fail(ResultCode.LEDGER_TRANSFER_SAME_ACCOUNT);
    if (
      cmd.from.kind === 'contract' &&
      this.perp.freeCollateral(cmd.from.owner, cmd.from.asset) < cmd.amount
    ) {
      return fail(ResultCode.PERP_INSUFFICIENT_MARGIN);
    }
    const r = this.ledger.transfer(cmd.entryType, cmd.id, cmd.ts, from, to, cmd.amount);
    return r.entry === undefined ? fail(r.code) : this.wallet(r.entry);
  }

  pendingWithdrawals(): { id: string; userId: string; asset: string; amount: bigint; fee: bigint }[] {
    return [...this.withdrawals.entries()].map(([id, w]) => ({ id, ...w }));
  }

  // ------------------------------------------------------------------------------------------

  snapshot(): EngineSnapshot {
    const params = marketParamsSnapshot(this);
    return {
      version: 1,
      lastTs: this.lastTs,
      ledger: this.ledger.snapshot(),
      spot: this.spot.snapshot(),
      perp: this.perp.snapshot(),
      withdrawals: [...this.withdrawals.entries()].map(([id, w]) => [
        id,
        w.userId,
        w.asset,
        w.amount.toString(),
        w.fee.toString(),
      ]),
      ...(params !== undefined ? { marketParams: params } : {}),
    };
  }

  restore(s: EngineSnapshot): void {
    if (s.version !== 1) throw new Error(`unsupported engine snapshot version ${String(s.version)}`);
    this.lastTs = s.lastTs;
    this.ledger.restore(s.ledger);
    this.spot.restore(s.spot);
    this.perp.restore(s.perp);
    restoreMarketParams(this, s.marketParams);
    this.withdrawals = new Map(
      s.withdrawals.map(([id, userId, asset, amount, fee]) => [
        id,
        { userId, asset, amount: BigInt(amount), fee: BigInt(fee) },
      ]),
    );
  }

  /** A hash of the whole state (stable serialisation of snapshot()). */
  stateHash(): string {
    return hashString(stableStringify(this.snapshot()));
  }

  static fromSnapshot(config: EngineConfig, s: EngineSnapshot): ExchangeEngine {
    const e = new ExchangeEngine(config);
    e.restore(s);
    return e;
  }
}

/** JSON with bigints as strings; the snapshot is built in a fixed order, so equal states are equal text. */
export function stableStringify(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}
