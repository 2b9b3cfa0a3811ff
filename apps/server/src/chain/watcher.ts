import type { WithdrawService } from '../withdraw/service.ts';
import type { DepositService } from './deposits.ts';
import type { ChainPort } from './port.ts';

export const POLL_MS = 15_000;

/** Polls the chain for deposits to our addresses and moves payouts on (CHAIN=tron). */
export class ChainWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly chain: ChainPort,
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawService,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * One pass (ADR 122): everything since the persisted cursor (the whole history on the first pass),
   * however long the server was down; then the cursor moves to the confirmed head read before the
   * scan, so every transfer up to it was seen confirmed. Errors of one address are logged, the others
   * still run, and the cursor stays where it was so the next pass repeats the window; a replayed
   * (txid, event) changes nothing, so the overlap is harmless.
   */
  async tick(): Promise<void> {
    let complete = true;
    try {
      const head = await this.chain.confirmedHead();
      const since = (await this.deposits.cursor())?.timestampMs ?? 0;
      for (const address of await this.deposits.watchedAddresses()) {
        try {
          for (const t of await this.chain.incoming(address, since)) await this.deposits.receive(t);
        } catch (error) {
          complete = false;
          this.log(`chain watcher: deposits of ${address}: ${String(error)}`);
        }
      }
      if (complete) await this.deposits.advance(head);
    } catch (error) {
      this.log(`chain watcher: ${String(error)}`);
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
