#!/usr/bin/env node
// The group commit's statement shapes on PostgreSQL (issue 9), measured alone: the rows of a batch
// of resting limit placements (per order one journal command, one hold entry, one order row, as
// bench:http writes them) inserted by
//   json    one JSON parameter per table, expanded by json_populate_recordset (what the engine sends)
//   unnest  one array parameter per column, expanded by unnest (the idea left by the tenth session)
// each sent unnamed (parsed every time) and named (parsed once per connection). Every statement
// runs inside BEGIN ... ROLLBACK so the same rows can go again; the cost of an empty BEGIN/ROLLBACK
// is measured first and taken off. The times are the client's wall per order: the database's work
// plus building the parameters and the round trip. Not a test: run it on a quiet machine.
//
//   DATABASE_URL=postgres://root@127.0.0.1:5432/test node scripts/bench/commit-statement.mjs [--batch 25] [--rounds 400]
import pg from 'pg';
import { arg, freshPostgres, startBuiltServer } from '../lib/built-server.mjs';

const BATCH = Number(arg('--batch', '25'));
const ROUNDS = Number(arg('--rounds', '400'));

/** A batch of `n` placements from `seq`, shaped like the engine's rows (engine/tables.ts). */
function batch(seq, n) {
  const commands = [];
  const ledger = [];
  const orders = [];
  for (let i = 0; i < n; i++) {
    const id = String(seq + i);
    const user = String(1 + (i % 20));
    const ts = String(1795832066480 + i);
    commands.push({
      seq: id,
      type: 'spotPlace',
      body: JSON.stringify({
        type: 'spotPlace',
        orderType: 'limit',
        userId: user,
        symbol: 'BTC_USDC',
        side: 'buy',
        price: 8901821,
        qty: 10,
        orderId: id,
        ts: Number(ts),
      }),
      ts,
    });
    ledger.push({
      id: `${id}:${user}/spot/USDC`,
      entry_seq: id,
      command_seq: id,
      owner: user,
      account: 'spot',
      coin: 'USDC',
      type: 'postingOrder',
      ref_id: id,
      amount: '0',
      available_delta: '-89018210',
      frozen_delta: '89018210',
      available_after: '99999821963580',
      frozen_after: '178036420',
      created_at: ts,
    });
    orders.push({
      id,
      user_id: user,
      market: 'BTC_USDC',
      kind: 'spot',
      side: 'buy',
      type: 'limit',
      action: null,
      margin_mode: null,
      leverage: null,
      price: '89018.21',
      quantity: '0.00100',
      quote_amount: null,
      filled: '0.00000',
      filled_value: '0.000000',
      status: 'open',
      client_order_id: null,
      created_at: ts,
      updated_at: ts,
    });
  }
  return [
    ['engine_commands', commands],
    ['ledger_entries', ledger],
    ['orders', orders],
  ];
}

const q = (name) => `"${name}"`;

function jsonShape(tables) {
  const ctes = [];
  const values = [];
  for (const [table, rows] of tables) {
    const cols = Object.keys(rows[0]).map(q).join(', ');
    values.push(JSON.stringify(rows));
    ctes.push(
      `w${ctes.length} as (insert into ${q(table)} (${cols}) select ${cols} from json_populate_recordset(null::${q(table)}, $${values.length}::json))`,
    );
  }
  return { text: `with ${ctes.join(', ')} select 1`, values };
}

function unnestShape(tables, types) {
  const ctes = [];
  const values = [];
  for (const [table, rows] of tables) {
    const names = Object.keys(rows[0]);
    const params = names.map((c) => {
      values.push(rows.map((r) => r[c]));
      return `$${values.length}::${types[table][c]}[]`;
    });
    ctes.push(
      `w${ctes.length} as (insert into ${q(table)} (${names.map(q).join(', ')}) select * from unnest(${params.join(', ')}))`,
    );
  }
  return { text: `with ${ctes.join(', ')} select 1`, values };
}

const db = await freshPostgres();
try {
  // The schema as the server's migrations leave it: start the built server once on the database.
  const server = await startBuiltServer(
    { DATABASE_URL: db.url, SEED_DEMO: '0', MARKET_MAKER: '0' },
    { label: 'commit-statement' },
  );
  await server.stop();
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query('truncate engine_commands, ledger_entries, orders cascade');
  const types = {};
  const cols = await c.query(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname in ('engine_commands', 'ledger_entries', 'orders') and a.attnum > 0 and not a.attisdropped`,
  );
  for (const r of cols.rows) {
    types[r.table] ??= {};
    types[r.table][r.column] = r.type;
  }

  const shapes = {
    'json, unnamed': (t) => jsonShape(t),
    'json, named': (t) => ({ name: 'json', ...jsonShape(t) }),
    'unnest, unnamed': (t) => unnestShape(t, types),
    'unnest, named': (t) => ({ name: 'unnest', ...unnestShape(t, types) }),
  };
  const tables = batch(1_000_000, BATCH);
  const perOrder = async (make, rounds) => {
    const t = performance.now();
    for (let r = 0; r < rounds; r++) {
      await c.query('begin');
      if (make !== null) await c.query(make(tables));
      await c.query('rollback');
    }
    return ((performance.now() - t) * 1000) / (rounds * BATCH);
  };
  await perOrder(null, 200);
  const empty = await perOrder(null, ROUNDS);
  console.log(
    `commit statement shapes, PostgreSQL ${(await c.query('show server_version')).rows[0].server_version}, batches of ${BATCH} placements, ${ROUNDS} per shape and pass, node ${process.version}`,
  );
  console.log(`  empty BEGIN/ROLLBACK: ${empty.toFixed(1)} us per order (taken off below)`);
  for (const make of Object.values(shapes)) await perOrder(make, 50);
  const results = Object.fromEntries(Object.keys(shapes).map((k) => [k, []]));
  // Interleaved passes: a drift of the machine shows in every shape alike.
  for (let pass = 0; pass < 3; pass++)
    for (const [k, make] of Object.entries(shapes)) results[k].push((await perOrder(make, ROUNDS)) - empty);
  for (const [k, v] of Object.entries(results))
    console.log(`  ${k.padEnd(16)} ${v.map((x) => x.toFixed(1).padStart(6)).join(' ')} us per order`);
  await c.end();
} finally {
  await db.drop();
}
