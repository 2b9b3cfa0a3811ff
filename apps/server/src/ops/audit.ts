import type { AuditEntry, AuditPage, AuditQuery } from '@ex/contract';
import type { FastifyRequest } from 'fastify';
import type { OpsDb } from './tables.ts';

/** Who did it and from where: taken from the request the guard authenticated (ops/roles.ts). */
export interface Actor {
  adminId: string;
  email: string;
  ip: string | null;
  requestId: string | null;
}

export interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

type Writer = OpsDb;

/** Keys whose values never reach the log: credentials and second factors (ADR 161). */
const SECRET_KEY = /password|secret|otp|token|otpauth|private|mnemonic|seed/i;
/** A jsonb value is capped so an operator cannot grow the append-only table by megabytes a call. */
const MAX_JSON_CHARS = 16_000;

export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

function toJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(redact(value));
  return text.length > MAX_JSON_CHARS ? JSON.stringify({ truncated: true, chars: text.length }) : text;
}

/**
 * Appends one entry. Pass the transaction that makes the change so the entry and the change
 * commit or roll back together; there is deliberately no update or delete here (the table's
 * triggers refuse them anyway).
 */
export async function writeAudit(db: Writer, actor: Actor, record: AuditRecord, now: number): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values({
      admin_id: actor.adminId,
      admin_email: actor.email,
      action: record.action,
      target_type: record.targetType ?? null,
      target_id: record.targetId ?? null,
      before: toJson(record.before),
      after: toJson(record.after),
      ip: actor.ip,
      request_id: actor.requestId,
      created_at: String(now),
    })
    .execute();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the role guard: the operator behind this admin request. */
    operator?: { id: string; email: string; role: string };
    /** Set when the handler wrote its own audit entry (with before/after) in its transaction. */
    audited?: boolean;
    /** The reviewed row before the handler ran (ops/roles.ts BEFORE_TABLES). */
    auditBefore?: Record<string, unknown> | null;
  }
}

export function actorOf(request: FastifyRequest): Actor {
  const op = request.operator;
  if (!op) throw new Error('actorOf: no operator on an admin request (guard not installed?)');
  return { adminId: op.id, email: op.email, ip: request.ip, requestId: String(request.id) };
}

function parseJson(value: unknown): unknown {
  // node-postgres parses jsonb; PGlite too, but a text round trip is tolerated either way.
  if (typeof value === 'string') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value ?? null;
}

export async function listAudit(db: OpsDb, q: AuditQuery): Promise<AuditPage> {
  let base = db.selectFrom('operator_audit');
  if (q.admin_id) base = base.where('admin_id', '=', q.admin_id);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.target_type) base = base.where('target_type', '=', q.target_type);
  if (q.target_id) base = base.where('target_id', '=', q.target_id);
  if (q.from !== undefined) base = base.where('created_at', '>=', String(q.from));
  if (q.to !== undefined) base = base.where('created_at', '<', String(q.to));
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const list: AuditEntry[] = rows.map((r) => ({
    id: String(r.id),
    admin_id: r.admin_id === null ? null : String(r.admin_id),
    admin_email: r.admin_email,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    before: parseJson(r.before),
    after: parseJson(r.after),
    ip: r.ip,
    created_at: Number(r.created_at),
  }));
  return { list, total: Number(total.n), page: q.page, limit: q.limit };
}
