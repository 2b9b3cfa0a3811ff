import { LiabilityProof, MyLiabilityProof, SnapshotList, SnapshotSummary } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { HdWallet, loadMnemonic } from '../chain/hd.ts';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { jsonRoute } from '../http/route.ts';
import { loadLiabilitiesKey } from './keys.ts';
import { noReserves, type ReserveReader, ReservesService, simulatedReserves } from './service.ts';
import { tronReserves } from './tron.ts';

const HOUR_MS = 3_600_000;
/** The first daily check waits for the start to settle (demo funding, the engine's replay). */
const FIRST_CHECK_MS = 60_000;

/** Simulated chain: mirrored from the ledger; TRON: balanceOf of the hot and deposit wallets (ADR 141). */
function reserveReader(s: Services): ReserveReader {
  if (s.config.chain === 'simulated') return simulatedReserves(s.engine);
  if (s.config.tron === undefined) return noReserves;
  return tronReserves({
    baseUrl: s.config.tron.apiUrl,
    apiKey: s.config.tron.apiKey,
    usdcContract: s.config.tron.usdcContract,
    // The same mnemonic the chain domain derives its wallets from (chain/wiring.ts).
    hotWallet: new HdWallet(loadMnemonic(s.config.dataDir, s.config.chainMnemonic)).hotWalletAddress(),
    depositAddresses: async () =>
      (
        await sql<{ address: string }>`select address from chain_addresses order by idx`.execute(s.db)
      ).rows.map((r) => r.address),
  });
}

/** The service of each built app's services, when it can publish (a signing key and the jobs). */
const publishers = new WeakMap<Services, ReservesService>();

/**
 * At the start, after the seeds (start.ts, ADR 256): the first snapshot when none was published
 * yet, so /ProofOfReserves and the console's list have one at once; the daily check a minute later
 * then finds it. Nothing where the daily job would take none (no signing key, or a gateway).
 */
export async function firstSnapshot(s: Services): Promise<SnapshotSummary | undefined> {
  return publishers.get(s)?.firstIfNone();
}

/** Proof of liabilities and reserves (issue 13, ADR 140/141). Returns the service for tests and jobs. */
export function reservesRoutes(app: FastifyInstance, s: Services): ReservesService {
  const key = loadLiabilitiesKey({
    env: process.env.LIABILITIES_SIGNING_KEY,
    production: s.config.production,
    dataDir: s.config.dataDir,
  });
  const reserves = new ReservesService(s.db, s.engine, s.clock, key, reserveReader(s));
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');

  // Daily snapshot: checked hourly, and once a minute after the start so a fresh server publishes
  // its first one. A server clock that has not moved a minute since the start (tests drive a manual
  // clock) takes none on its own: snapshots then come from the operator's button only.
  if (key !== undefined && s.jobs) {
    publishers.set(s, reserves);
    const startedAt = s.clock.now();
    const check = () => {
      if (s.clock.now() - startedAt < FIRST_CHECK_MS) return;
      reserves.dailyIfDue().catch((e: unknown) => app.log.error(e, 'liabilities snapshot failed'));
    };
    const first = setTimeout(check, FIRST_CHECK_MS);
    const timer = setInterval(check, HOUR_MS);
    first.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  }

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/reserves/latest',
    tags: ['reserves'],
    summary: 'The latest signed liabilities root, totals per asset and the USDC reserve ratio (public)',
    response: SnapshotSummary,
    handler: async () => {
      const [latest] = await reserves.list(1);
      if (latest === undefined) throw new AppError('PROOF_NOT_AVAILABLE');
      return latest;
    },
  });

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/reserves/proof',
    tags: ['reserves'],
    summary: "The latest snapshot with the caller's own leaf and path (null when the account is newer)",
    response: MyLiabilityProof,
    preHandler: user,
    handler: async (request) => reserves.myProof(principalOf(request).id),
  });

  // The bare proof file (no envelope) for `npx @ex/verify-liabilities proof.json`.
  app.get(
    '/api/app/reserves/proof/download',
    {
      preHandler: user,
      schema: {
        tags: ['reserves'],
        summary: "The caller's proof file for the standalone verifier (bare JSON, not enveloped)",
        response: { 200: LiabilityProof },
      },
    },
    async (request, reply) => {
      const proof = await reserves.downloadProof(principalOf(request).id);
      reply.header(
        'content-disposition',
        `attachment; filename="liabilities-proof-${proof.snapshot_id}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return proof;
    },
  );

  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/reserves/snapshots',
    tags: ['admin'],
    summary: 'Liability snapshots with their reserve ratios, newest first (at most 365)',
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(365).default(90) }),
    response: SnapshotList,
    preHandler: admin,
    handler: async (request) => reserves.list(request.query.limit),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/reserves/snapshots',
    tags: ['admin'],
    summary: 'Take and publish a liabilities snapshot now (at most once a minute)',
    body: z.strictObject({}).optional(),
    response: SnapshotSummary,
    preHandler: admin,
    handler: async () => reserves.snapshot('operator'),
  });

  return reserves;
}
