import { randomUUID } from 'node:crypto';
import type { AdminDeposit, Deposit, DepositAddress, DepositQuery, Page } from '@ex/contract';
import { ResultCode } from '@ex/core';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import type { EnginePort } from '../engine/port.ts';
import type { EngineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { Mutex } from '../exchange/money.ts';
import { AppError } from '../http/errors.ts';
import type { HdWallet } from './hd.ts';
import type { ChainBlock, IncomingTransfer } from './port.ts';
import type { ChainDb, ChainDepositRow } from './tables.ts';

export const CHAIN_COIN = 'USDC';
export const CHAIN_NETWORK = 'TRC20';
/**
 * idempotency_keys scope of credited deposits, written with the ledger entry. The key is the txid
 * for event 0 (as before ADR 122, so a deposit credited then is not credited again) and
 * `<txid>:<index>` for the transaction's further transfers.
 */
const CREDIT_SCOPE = 'chain_deposit';
const creditKey = (txid: string, eventIndex: number) => (eventIndex === 0 ? txid : `${txid}:${eventIndex}`);
const CURSOR = 'deposits';

function toDeposit(r: ChainDepositRow): Deposit {
  const amount = formatAmount(r.amount, r.coin);
  return {
    id: r.id,
    coin: r.coin,
    network: r.network,
    address: r.address,
    from_address: r.from_address,
    txid: r.txid,
    amount,
    usdc_amount: amount,
    status: r.status,
    created_at: Number(r.created_at),
  };
}

export class DepositService {
  /** One queue for every deposit: the txid check and the credit never interleave in this process. */
  private readonly queue = new Mutex();

  constructor(
    private readonly cdb: ChainDb,
    private readonly edb: EngineDb,
    private readonly host: EnginePort,
    private readonly hd: HdWallet,
    private readonly clock: Clock,
  ) {}

  /** m/44'/195'/0'/0/<user id>: user ids are numbers; bots (non-numeric owners) have no address. */
  async address(userId: string): Promise<DepositAddress> {
    const row = await this.cdb
      .selectFrom('chain_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row) return { coin: CHAIN_COIN, network: CHAIN_NETWORK, address: row.address };
    if (!/^[1-9]\d{0,9}$/.test(userId) || Number(userId) > 0x7fffffff) throw new AppError('NOT_FOUND');
    const address = this.hd.depositAddress(Number(userId));
    await this.cdb
      .insertInto('chain_addresses')
      .values({
        user_id: userId,
        idx: userId,
        coin: CHAIN_COIN,
        network: CHAIN_NETWORK,
        address,
        created_at: String(this.clock.now()),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return { coin: CHAIN_COIN, network: CHAIN_NETWORK, address };
  }

  async watchedAddresses(): Promise<string[]> {
    const rows = await this.cdb.selectFrom('chain_addresses').select('address').orderBy('idx').execute();
    return rows.map((r) => r.address);
  }

  /** The last confirmed block whose deposits were all processed; null before the first pass. */
  async cursor(): Promise<ChainBlock | null> {
    const row = await this.cdb
      .selectFrom('chain_cursor')
      .select(['block', 'block_ts'])
      .where('name', '=', CURSOR)
      .executeTakeFirst();
    return row === undefined ? null : { number: Number(row.block), timestampMs: Number(row.block_ts) };
  }

  /** Moves the cursor forward only: a lagging node's older head never rewinds it. */
  async advance(head: ChainBlock): Promise<void> {
    const values = {
      name: CURSOR,
      block: String(head.number),
      block_ts: String(head.timestampMs),
      updated_at: String(this.clock.now()),
    };
    await this.cdb
      .insertInto('chain_cursor')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ block: values.block, block_ts: values.block_ts, updated_at: values.updated_at })
          .where('chain_cursor.block', '<', values.block),
      )
      .execute();
  }

  /**
   * A transfer seen on chain. Credited once per (txid, event index): a replay finds the row and
   * changes nothing;
   * an unconfirmed one waits as "applying"; one to an unknown address is kept as failed for the
   * operator. The credit's idempotency row commits with the ledger entry, so a crash between the
   * credit and the status update is repaired by the next sighting, never credited twice.
   */
  receive(t: IncomingTransfer): Promise<AdminDeposit> {
    return this.queue.run(async () => {
      const txid = t.txid.toLowerCase();
      const eventIndex = t.eventIndex ?? 0;
      if (!Number.isSafeInteger(eventIndex) || eventIndex < 0 || eventIndex > 0x7fffffff) {
        throw new Error(`bad event index ${eventIndex} in ${txid}`);
      }
      let row: ChainDepositRow | undefined = await this.cdb
        .selectFrom('chain_deposits')
        .selectAll()
        .where('txid', '=', txid)
        .where('event_index', '=', eventIndex)
        .executeTakeFirst();
      if (row === undefined) {
        const owner = await this.cdb
          .selectFrom('chain_addresses')
          .select('user_id')
          .where('address', '=', t.to)
          .executeTakeFirst();
        const now = String(this.clock.now());
        row = await this.cdb
          .insertInto('chain_deposits')
          .values({
            id: randomUUID(),
            txid,
            event_index: eventIndex,
            coin: CHAIN_COIN,
            network: CHAIN_NETWORK,
            address: t.to,
            from_address: t.from,
            amount: t.amount.toString(),
            user_id: owner?.user_id ?? null,
            status: owner === undefined || t.amount <= 0n ? 'failed' : 'applying',
            ref_id: null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      if (row.status === 'applying' && t.confirmed) row = await this.credit(row);
      return { ...toDeposit(row), user_id: row.user_id };
    });
  }

  private async credit(row: ChainDepositRow): Promise<ChainDepositRow> {
    const userId = row.user_id!;
    const key = creditKey(row.txid, Number(row.event_index));
    const done = await this.edb
      .selectFrom('idempotency_keys')
      .select('ref_id')
      .where('user_id', '=', userId)
      .where('scope', '=', CREDIT_SCOPE)
      .where('key', '=', key)
      .executeTakeFirst();
    let ref = done?.ref_id;
    if (ref === undefined) {
      const r = await this.host.submit(
        { type: 'deposit', userId, asset: row.coin, amount: BigInt(row.amount) },
        { idempotency: { userId, scope: CREDIT_SCOPE, key, hash: key } },
      );
      if (r.code !== ResultCode.OK) throw new Error(`engine refused deposit ${key}: code ${r.code}`);
      ref = r.id;
    }
    return this.cdb
      .updateTable('chain_deposits')
      .set({ status: 'received', ref_id: ref, updated_at: String(this.clock.now()) })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async list(userId: string, q: DepositQuery): Promise<Page<Deposit>> {
    const { rows, total } = await fetchPage(this.filtered(q).where('user_id', '=', userId), q, (b) =>
      b.selectAll().orderBy('seq', 'desc'),
    );
    return { list: rows.map(toDeposit), total, page: q.page, limit: q.limit };
  }

  async adminList(q: DepositQuery): Promise<Page<AdminDeposit>> {
    const { rows, total } = await fetchPage(this.filtered(q), q, (b) => b.selectAll().orderBy('seq', 'desc'));
    return {
      list: rows.map((r) => ({ ...toDeposit(r), user_id: r.user_id })),
      total,
      page: q.page,
      limit: q.limit,
    };
  }

  private filtered(q: DepositQuery) {
    const base = this.cdb.selectFrom('chain_deposits');
    return q.status !== undefined && q.status.length > 0 ? base.where('status', 'in', q.status) : base;
  }
}
