import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import type { EngineDb } from './tables.ts';

const KEY_RE = /^[A-Za-z0-9_.:-]{1,128}$/;

export interface IdempotencyClaim {
  userId: string;
  scope: string;
  key: string;
  hash: string;
}

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/** The `Idempotency-Key` header, checked (a malformed key is a 422 on the header). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_RE.test(key)) {
    throw new AppError('VALIDATION', undefined, { 'idempotency-key': ['validation.invalid_format'] });
  }
  return key;
}

/**
 * Requests with the same key run one after another in this process, so a repeat waits for the
 * first and then finds its row: same key -> the first result. Across gateways the writer refuses
 * the second (engine/host.ts) and the loser answers with the first result too.
 */
export class IdempotencyGate {
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(private readonly edb: EngineDb) {}

  private find(claim: IdempotencyClaim) {
    return this.edb
      .selectFrom('idempotency_keys')
      .select(['ref_id', 'request_hash'])
      .where('user_id', '=', claim.userId)
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .executeTakeFirst();
  }

  async run<T>(
    claim: IdempotencyClaim | undefined,
    fresh: () => Promise<T>,
    repeat: (refId: string) => Promise<T>,
  ): Promise<T> {
    if (claim === undefined) return fresh();
    const k = `${claim.userId}\u0000${claim.scope}\u0000${claim.key}`;
    for (;;) {
      const running = this.inflight.get(k);
      if (running === undefined) break;
      await running.catch(() => {});
    }
    const work = (async () => {
      const row = await this.find(claim);
      if (row !== undefined) {
        if (row.request_hash !== claim.hash) throw new AppError('IDEMPOTENCY_CONFLICT');
        return repeat(row.ref_id);
      }
      try {
        return await fresh();
      } catch (error) {
        // Another gateway committed the same key first (the writer refused this one, ADR 172):
        // answer like any repeat.
        const first = await this.find(claim);
        if (first === undefined) throw error;
        if (first.request_hash !== claim.hash) throw new AppError('IDEMPOTENCY_CONFLICT');
        return repeat(first.ref_id);
      }
    })();
    this.inflight.set(k, work);
    try {
      return await work;
    } finally {
      this.inflight.delete(k);
    }
  }
}
