import type { StatementKind } from '@ex/contract';
import { sql } from 'kysely';
import PDFDocument from 'pdfkit';
import writeXlsxFile from 'write-excel-file/node';
import type { Db } from '../db/db.ts';
import { ASSETS } from '../engine/config.ts';
import { engineDb } from '../engine/tables.ts';
import { formatAmount } from '../engine/units.ts';
import { AppError } from '../http/errors.ts';
import { shownRefIds } from '../wallet/refs.ts';

/** Rows of one export at most: with the 366-day range this bounds the memory of one request. */
export const STATEMENT_MAX_ROWS = 50_000;
/** Ledger lines printed in a monthly PDF; the opening/closing balances always cover every line. */
export const MONTHLY_MAX_LINES = 2_000;

export interface Table {
  columns: string[];
  rows: string[][];
}

const iso = (ms: string | number) => new Date(Number(ms)).toISOString();

/**
 * One user's records for [fromMs, toMs), oldest first. Every query filters on the caller's id: the
 * only way to name a user here is the authenticated principal (routes.ts).
 */
export async function statementTable(
  db: Db,
  userId: string,
  kind: StatementKind,
  fromMs: number,
  toMs: number,
): Promise<Table> {
  // One row beyond the cap tells "too many" apart from "exactly the cap".
  const limit = STATEMENT_MAX_ROWS + 1;
  let table: Table;
  if (kind === 'ledger') {
    const r = await sql<{
      created_at: string;
      id: string;
      account: string;
      coin: string;
      type: string;
      ref_id: string;
      available_delta: string;
      frozen_delta: string;
      available_after: string;
      frozen_after: string;
      command_seq: string;
    }>`select created_at::text as created_at, id, account, coin, type, ref_id, command_seq::text as command_seq,
         available_delta::text as available_delta,
         frozen_delta::text as frozen_delta, available_after::text as available_after, frozen_after::text as frozen_after
       from ledger_entries where owner = ${userId}
         and created_at >= ${fromMs} and created_at < ${toMs}
       order by entry_seq, id limit ${limit}`.execute(db);
    // References as the user may see them: no other user's order or id (ADR 254).
    const shown = await shownRefIds(engineDb(db), userId, r.rows);
    table = {
      columns: [
        'time',
        'id',
        'account',
        'coin',
        'type',
        'amount',
        'frozen_change',
        'balance_after',
        'frozen_after',
        'ref_id',
      ],
      rows: r.rows.map((x, i) => [
        iso(x.created_at),
        x.id,
        x.account,
        x.coin,
        x.type,
        formatAmount(x.available_delta, x.coin),
        formatAmount(x.frozen_delta, x.coin),
        formatAmount(x.available_after, x.coin),
        formatAmount(x.frozen_after, x.coin),
        shown[i]!,
      ]),
    };
  } else if (kind === 'orders') {
    const r = await sql<Record<string, string | null>>`
      select created_at::text as created_at, id, market, kind, side, type, action, price::text as price,
        quantity::text as quantity, filled::text as filled, filled_value::text as filled_value, status
      from orders where user_id = ${userId} and created_at >= ${fromMs} and created_at < ${toMs}
      order by created_at, id limit ${limit}`.execute(db);
    const cols = [
      'market',
      'kind',
      'side',
      'type',
      'action',
      'price',
      'quantity',
      'filled',
      'filled_value',
      'status',
    ];
    table = {
      columns: ['time', 'id', ...cols],
      rows: r.rows.map((x) => [iso(x.created_at!), x.id!, ...cols.map((c) => x[c] ?? '')]),
    };
  } else if (kind === 'trades') {
    const r = await sql<{
      ts: string;
      id: string;
      market: string;
      price: string;
      qty: string;
      value: string;
      buyer_id: string;
      buyer_fee: string;
      seller_fee: string;
    }>`select ts::text as ts, public_id as id, market, price::text as price, qty::text as qty, value::text as value, buyer_id,
         buyer_fee::text as buyer_fee, seller_fee::text as seller_fee
       from trades where (buyer_id = ${userId} or seller_id = ${userId}) and ts >= ${fromMs} and ts < ${toMs}
       order by ts, seq limit ${limit}`.execute(db);
    table = {
      columns: ['time', 'id', 'market', 'side', 'price', 'quantity', 'value', 'fee'],
      rows: r.rows.map((x) => {
        const buy = x.buyer_id === userId;
        return [
          iso(x.ts),
          x.id,
          x.market,
          buy ? 'buy' : 'sell',
          x.price,
          x.qty,
          x.value,
          buy ? x.buyer_fee : x.seller_fee,
        ];
      }),
    };
  } else if (kind === 'deposits') {
    const r = await sql<Record<string, string>>`
      select created_at::text as created_at, id, coin, network, address, txid, amount::text as amount, status
      from chain_deposits where user_id = ${userId} and created_at >= ${fromMs} and created_at < ${toMs}
      order by created_at, id limit ${limit}`.execute(db);
    table = {
      columns: ['time', 'id', 'coin', 'network', 'address', 'txid', 'amount', 'status'],
      rows: r.rows.map((x) => [
        iso(x.created_at!),
        x.id!,
        x.coin!,
        x.network!,
        x.address!,
        x.txid!,
        formatAmount(x.amount!, x.coin!),
        x.status!,
      ]),
    };
  } else {
    const r = await sql<Record<string, string | null>>`
      select created_at::text as created_at, id, coin, network, address, amount::text as amount, fee::text as fee,
        status, txid
      from withdrawals where user_id = ${userId} and created_at >= ${fromMs} and created_at < ${toMs}
      order by created_at, id limit ${limit}`.execute(db);
    table = {
      columns: ['time', 'id', 'coin', 'network', 'address', 'amount', 'fee', 'status', 'txid'],
      rows: r.rows.map((x) => [
        iso(x.created_at!),
        x.id!,
        x.coin!,
        x.network!,
        x.address!,
        formatAmount(x.amount!, x.coin!),
        formatAmount(x.fee!, x.coin!),
        x.status!,
        x.txid ?? '',
      ]),
    };
  }
  if (table.rows.length > STATEMENT_MAX_ROWS) throw new AppError('STATEMENT_TOO_LARGE');
  return table;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A spreadsheet opens a cell starting with = + - @ as a formula (CSV injection): such text gets a
 * leading apostrophe. Plain numbers, negative amounts included, stay numbers so columns still sum.
 */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

function csvCell(value: string): string {
  const v = safeCell(value);
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

export function toCsv(t: Table): string {
  return `${[t.columns, ...t.rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export async function toXlsx(t: Table): Promise<Buffer> {
  // Amounts stay text: a spreadsheet number is a float and would round them.
  const data = [t.columns, ...t.rows].map((row) => row.map((v) => ({ value: safeCell(v) })));
  return writeXlsxFile(data).toBuffer();
}

interface MonthLedger {
  opening: Map<string, bigint>;
  closing: Map<string, bigint>;
  lines: { created_at: string; account: string; coin: string; type: string; delta: string }[];
  more: boolean;
}

async function monthLedger(db: Db, userId: string, fromMs: number, toMs: number): Promise<MonthLedger> {
  const sums = async (beforeMs: number) => {
    const r = await sql<{ coin: string; total: string }>`
      select coin, sum(available_delta + frozen_delta)::text as total from ledger_entries
      where owner = ${userId} and created_at < ${beforeMs} group by coin`.execute(db);
    return new Map(r.rows.map((x) => [x.coin, BigInt(x.total)]));
  };
  const lines = await sql<{ created_at: string; account: string; coin: string; type: string; delta: string }>`
    select created_at::text as created_at, account, coin, type, (available_delta + frozen_delta)::text as delta
    from ledger_entries where owner = ${userId} and created_at >= ${fromMs} and created_at < ${toMs}
      and available_delta + frozen_delta <> 0
    order by entry_seq, id limit ${MONTHLY_MAX_LINES + 1}`.execute(db);
  return {
    opening: await sums(fromMs),
    closing: await sums(toMs),
    lines: lines.rows.slice(0, MONTHLY_MAX_LINES),
    more: lines.rows.length > MONTHLY_MAX_LINES,
  };
}

/** The month `YYYY-MM` as [first ms, first ms of the next month) in UTC. */
export function monthRange(month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(y, m - 1, 1), to: Date.UTC(y, m, 1) };
}

/**
 * The monthly account statement: opening and closing balance per coin (every account of the user,
 * available and frozen), then the month's ledger lines. Figures are the ledger's own decimal strings.
 */
export async function monthlyPdf(
  db: Db,
  user: { id: string; account: string },
  month: string,
  nowMs: number,
): Promise<Buffer> {
  const { from, to } = monthRange(month);
  const ledger = await monthLedger(db, user.id, from, to);
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Account statement ${month}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(16).text(`Account statement ${month}`);
  doc.fontSize(9).fillColor('#555').text(`Account ${user.account} (user id ${user.id})`);
  doc.text(`Period ${iso(from)} to ${iso(to)} (UTC), generated ${iso(nowMs)}`);
  doc.moveDown().fillColor('#000').fontSize(11).text('Balances');
  doc.fontSize(9);
  for (const coin of Object.keys(ASSETS)) {
    const open = ledger.opening.get(coin) ?? 0n;
    const close = ledger.closing.get(coin) ?? 0n;
    if (open === 0n && close === 0n) continue;
    doc.text(
      `${coin.padEnd(6)} opening ${formatAmount(open, coin)}   closing ${formatAmount(close, coin)}   change ${formatAmount(close - open, coin)}`,
    );
  }
  doc.moveDown().fontSize(11).text('Ledger');
  doc.fontSize(8);
  if (ledger.lines.length === 0) doc.text('No entries in this month.');
  for (const l of ledger.lines) {
    doc.text(
      `${iso(l.created_at)}  ${l.account.padEnd(10)} ${l.coin.padEnd(5)} ${l.type.padEnd(18)} ${formatAmount(l.delta, l.coin)}`,
    );
  }
  if (ledger.more)
    doc
      .moveDown()
      .text(`Only the first ${MONTHLY_MAX_LINES} entries are listed; export the ledger as CSV for all.`);
  doc.end();
  return done;
}
