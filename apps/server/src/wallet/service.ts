import type {
  Balances,
  LedgerEntry,
  LedgerQuery,
  LedgerRef,
  Page,
  Transfer,
  TransferRequest,
} from '@ex/contract';
import { accountKey, parseDecimal, ResultCode } from '@ex/core';
import { fetchPage } from '../db/page.ts';
import { ASSETS, QUOTE } from '../engine/config.ts';
import { refusal } from '../engine/errors.ts';
import type { IdempotencyClaim, IdempotencyGate } from '../engine/idempotency.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb, LedgerEntriesTable, TransfersTable } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import { ledgerRefs } from './refs.ts';

export const COINS = Object.keys(ASSETS);

function toTransfer(r: TransfersTable): Transfer {
  return {
    id: r.id,
    coin: r.coin,
    from: r.from_account as Transfer['from'],
    to: r.to_account as Transfer['to'],
    amount: r.amount,
    status: 'completed',
    created_at: Number(r.created_at),
  };
}

function toLedgerEntry(r: LedgerEntriesTable, refId: string, ref?: LedgerRef): LedgerEntry {
  return {
    id: r.id,
    account: r.account === 'spot' ? 'spot' : 'contract',
    coin: r.coin,
    type: r.type as LedgerEntry['type'],
    amount: formatAmount(r.available_delta, r.coin),
    balance_after: formatAmount(r.available_after, r.coin),
    ref_id: refId,
    created_at: Number(r.created_at),
    ...(ref ? { ref } : {}),
  };
}

export class WalletService {
  constructor(
    private readonly host: EnginePort,
    private readonly edb: EngineDb,
    private readonly gate: IdempotencyGate,
  ) {}

  balances(userId: string): Balances {
    const ledger = this.host.engine.ledger;
    const perp = this.host.engine.perp;
    const spot = COINS.map((coin) => {
      const b = ledger.balance(accountKey(userId, 'spot', coin));
      return { coin, available: formatAmount(b.available, coin), frozen: formatAmount(b.frozen, coin) };
    });
    // Cross figures from the engine (its initial margin at the mark, rounded up as the engine's
    // free-collateral check uses it); isolated positions add their margin and unrealised PnL.
    const cross = perp.crossAccount(userId, QUOTE);
    let isolatedMargin = 0n;
    let upnl = cross.upnl;
    for (const p of perp.positionsOf(userId)) {
      if (p.mode !== 'isolated') continue;
      isolatedMargin += p.margin;
      upnl += perp.unrealisedPnl(p);
    }
    const wallet = cross.available + cross.frozen + isolatedMargin;
    return {
      spot,
      contract: {
        coin: QUOTE,
        available: formatAmount(cross.available, QUOTE),
        frozen: formatAmount(cross.frozen, QUOTE),
        equity: formatAmount(wallet + upnl, QUOTE),
        unrealized_pnl: formatAmount(upnl, QUOTE),
        wallet_balance: formatAmount(wallet, QUOTE),
        position_margin: formatAmount(cross.im + isolatedMargin, QUOTE),
        free_collateral: formatAmount(perp.freeCollateral(userId, QUOTE), QUOTE),
      },
    };
  }

  async transfer(
    userId: string,
    body: TransferRequest,
    claim: IdempotencyClaim | undefined,
  ): Promise<Transfer> {
    if (body.from === body.to) {
      throw new AppError('VALIDATION', undefined, { to: ['error.transfer_same_account'] });
    }
    const parsed = parseDecimal(body.amount, ASSETS[body.coin]!);
    if (!parsed.ok) {
      throw new AppError(
        'VALIDATION',
        { scale: ASSETS[body.coin]! },
        { amount: ['validation.decimal_scale'] },
      );
    }
    const amount = parsed.value;
    return this.gate.run(
      claim,
      async () => {
        const r = await this.host.submit(
          {
            type: 'transfer',
            userId,
            asset: body.coin,
            from: body.from,
            to: body.to,
            amount,
          },
          claim ? { idempotency: claim } : undefined,
        );
        if (r.code !== ResultCode.OK) {
          throw r.code === ResultCode.LEDGER_INSUFFICIENT_AVAILABLE ||
            r.code === ResultCode.PERP_INSUFFICIENT_MARGIN
            ? new AppError('INSUFFICIENT_BALANCE')
            : refusal(r.code);
        }
        return this.transferById(userId, r.id);
      },
      (ref) => this.transferById(userId, ref),
    );
  }

  private async transferById(userId: string, id: string): Promise<Transfer> {
    const row = await this.edb
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return toTransfer(row);
  }

  async transfers(userId: string, page: number, limit: number): Promise<Page<Transfer>> {
    const base = this.edb.selectFrom('transfers').where('user_id', '=', userId);
    const { rows, total } = await fetchPage(base, { page, limit }, (b) =>
      b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    );
    return { list: rows.map(toTransfer), total, page, limit };
  }

  async ledger(userId: string, q: LedgerQuery): Promise<Page<LedgerEntry>> {
    let base = this.edb
      .selectFrom('ledger_entries')
      .where('owner', '=', userId)
      // The list shows the available side of every change; pure freezes of the frozen bucket are not rows.
      .where('available_delta', '<>', '0');
    if (q.account === 'spot') base = base.where('account', '=', 'spot');
    else if (q.account === 'contract')
      base = base.where((eb) => eb.or([eb('account', '=', 'contract'), eb('account', 'like', 'isolated:%')]));
    if (q.type !== undefined && q.type.length > 0) base = base.where('type', 'in', q.type);
    if (q.coin !== undefined) base = base.where('coin', '=', q.coin);
    const { rows, total } = await fetchPage(base, q, (b) =>
      b.selectAll().orderBy('entry_seq', 'desc').orderBy('id'),
    );
    // What each entry belongs to, among this user's orders only, and the raw reference as the user
    // may see it (no other user's order or id in it, ADR 254): one order and trade lookup for the page.
    const { refs, shown } = await ledgerRefs(this.edb, userId, rows);
    return {
      list: rows.map((r, i) => toLedgerEntry(r, shown[i]!, refs[i])),
      total,
      page: q.page,
      limit: q.limit,
    };
  }
}
