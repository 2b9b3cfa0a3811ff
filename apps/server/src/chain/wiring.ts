import type { WithdrawRequest } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { requireAuth } from '../http/auth.ts';
import { withdrawRoutes } from '../withdraw/routes.ts';
import { WithdrawService } from '../withdraw/service.ts';
import { DepositService } from './deposits.ts';
import { HdWallet, loadMnemonic } from './hd.ts';
import type { ChainPort } from './port.ts';
import { chainRoutes } from './routes.ts';
import { SimulatedChain } from './simulated.ts';
import { chainDb } from './tables.ts';
import { TronHttpChain } from './tron-http.ts';
import { ChainWatcher } from './watcher.ts';

export interface ChainDomain {
  chain: ChainPort;
  simulated: SimulatedChain | null;
  deposits: DepositService;
  withdrawals: WithdrawService;
  watcher: ChainWatcher;
  hd: HdWallet;
}

const domains = new WeakMap<FastifyInstance, ChainDomain>();

/** The chain domain of a built app (tests drive the simulated chain and the watcher through it). */
export function chainDomainOf(app: FastifyInstance): ChainDomain {
  const d = domains.get(app);
  if (d === undefined) throw new Error('chain domain not registered');
  return d;
}

/**
 * The one place the chain and withdraw domains are plugged in: deposit address, deposits,
 * withdrawals, their review, and the simulated chain's deposit endpoint on the embedded default.
 * `root` is the app the domain is looked up by; `api` the scope routes go into.
 */
export async function registerChain(root: FastifyInstance, api: FastifyInstance, s: Services): Promise<void> {
  const hd = new HdWallet(loadMnemonic(s.config.dataDir, s.config.chainMnemonic));
  const simulated = s.config.chain === 'simulated' ? new SimulatedChain() : null;
  const tron = s.config.tron;
  let chain: ChainPort;
  if (simulated !== null) chain = simulated;
  else if (tron !== undefined)
    chain = new TronHttpChain({
      baseUrl: tron.apiUrl,
      apiKey: tron.apiKey,
      ...(tron.usdcContract ? { usdcContract: tron.usdcContract } : {}),
      hotWalletKey: hd.hotWalletKey(),
    });
  else throw new Error('CHAIN=tron needs TRON_API_URL');
  const cdb = chainDb(s.db);
  const log = (message: string) => root.log.error(message);
  const deposits = new DepositService(cdb, s.edb, s.engine, hd, s.clock);
  // The address book and 2FA checks of the account domain run after the trade password (ADR 205).
  const guard = (userId: string, body: WithdrawRequest) => s.protection.checkWithdrawal(userId, body);
  const withdrawals = new WithdrawService(
    s.db,
    cdb,
    s.engine,
    s.idempotency,
    chain,
    s.clock,
    s.config,
    log,
    guard,
  );
  const watcher = new ChainWatcher(chain, deposits, withdrawals, log);
  domains.set(root, { chain, simulated, deposits, withdrawals, watcher, hd });

  const requireUser = requireAuth(s.tokens, 'user');
  const requireAdmin = requireAuth(s.tokens, 'admin');
  chainRoutes(api, { deposits, simulated, requireUser, requireAdmin, now: () => s.clock.now() });
  withdrawRoutes(api, { withdrawals, requireUser, requireAdmin });

  // Finish what a restart interrupted; a real chain is polled from then on.
  // Both are jobs: one process of a cluster runs them (the engine's, ADR 172).
  if (s.jobs) await withdrawals.recover();
  if (chain.kind === 'tron' && s.jobs) watcher.start();
  root.addHook('onClose', async () => watcher.stop());
}
