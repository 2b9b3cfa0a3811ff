import type { Clock } from '../clock.ts';
import type { WithdrawService } from '../withdraw/service.ts';
import type { DepositService } from './deposits.ts';
import type { ChainPort } from './port.ts';

/** How far back each poll looks: a replayed txid changes nothing, so overlap is harmless. */
export const DEPOSIT_LOOKBACK_MS = 24 * 60 * 60_000;
export const POLL_MS = 15_000;

/** Polls the chain for deposits to our addresses and moves payouts on (CHAIN=tron). */
export class ChainWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly chain: ChainPort,
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawService,
    private readonly clock: Clock,
    private readonly log: (message: string) => void,
  ) {}

  /** One pass; errors of one address are logged and the others still run. */
  async tick(): Promise<void> {
    const since = this.clock.now() - DEPOSIT_LOOKBACK_MS;
    for (const address of await this.deposits.watchedAddresses()) {
      try {
        for (const t of await this.chain.incoming(address, since)) await this.deposits.receive(t);
      } catch (error) {
        this.log(`chain watcher: deposits of ${address}: ${String(error)}`);
      }
    }
    await this.withdrawals.recover();
  }

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (this.running !== null) return;
      this.running = this.tick()
        .catch((error) => this.log(`chain watcher: ${String(error)}`))
        .finally(() => {
          this.running = null;
        });
    }, POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    if (this.running !== null) await this.running;
  }
}
