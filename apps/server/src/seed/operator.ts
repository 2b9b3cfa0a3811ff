// The operator's decisions in the demo seed, recorded in the audit log as the console's calls are
// (ADR 256). A decision in the console goes through its route, whose hooks (ops/roles.ts, ADR 161)
// keep the reviewed row as it was before the handler and write one entry after it: the action
// `POST /api/admin/...`, the route's `:id` as target, the row before and the answer as after. The
// seed calls the services, not the routes (ADR 230: its decisions happened days ago, and a request
// cannot set the clock back), so it writes the same entry itself, through the same writer, dated
// when the decision was made. The entry carries no IP and no request id: no request was made.

import type { Services } from '../deps.ts';
import { writeAudit } from '../ops/audit.ts';
import { routeKey } from '../ops/roles.ts';
import { auditSnapshot } from '../ops/snapshot.ts';
import { opsDb } from '../ops/tables.ts';

/** The operator who made the seed's decisions: the first one, as bootstrap created them. */
export interface SeedOperator {
  id: string;
  email: string;
}

export async function seedOperator(s: Services): Promise<SeedOperator | undefined> {
  return s.db.selectFrom('admins').select(['id', 'email']).orderBy('id').executeTakeFirst();
}

/** One console call: its route (as registered), the `:id` it names, the table the hook reads first. */
export interface ConsoleCall {
  url: string;
  id: string;
  /** The table whose row the hook keeps as `before` (ops/roles.ts BEFORE_TABLES); none: null. */
  table?: 'kyc_applications' | 'withdrawals' | 'stakes' | 'otc_orders';
}

/**
 * Runs `decide` (the service call the route's handler makes) and records it as the route's hooks
 * would: the row before, then `shown(result)`, the answer the route gives (its response schema).
 */
export async function asOperator<T>(
  s: Services,
  operator: SeedOperator,
  atMs: number,
  call: ConsoleCall,
  decide: () => Promise<T>,
  shown: (result: T) => unknown,
): Promise<T> {
  // The row as the hook keeps it: amounts in the coin, as the answer gives them (ADR 265).
  const before = call.table === undefined ? null : await auditSnapshot(s.db, call.table, call.id);
  const result = await decide();
  await writeAudit(
    opsDb(s.db),
    { adminId: operator.id, email: operator.email, ip: null, requestId: null },
    {
      action: routeKey('POST', call.url),
      targetType: call.url.split('/')[3] ?? 'admin',
      targetId: call.id,
      before,
      after: shown(result),
    },
    atMs,
  );
  return result;
}
