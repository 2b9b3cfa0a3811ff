import { randomBytes } from 'node:crypto';
import type { ChainPort, IncomingTransfer, PreparedTransfer, TxStatus } from './port.ts';

/**
 * The embedded default: transfers arrive when the operator says so (`POST /api/admin/chain/deposit`)
 * and payouts confirm at once. Addresses are still derived like production (hd.ts), so only the
 * movement of coins is simulated.
 */
export class SimulatedChain implements ChainPort {
  readonly kind = 'simulated' as const;
  private readonly arrived: (IncomingTransfer & { ts: number })[] = [];
  private readonly sent = new Map<string, TxStatus>();
  /** What the next payouts end as (tests set 'failed' or 'pending'). */
  nextOutcome: TxStatus = 'confirmed';

  arrive(transfer: IncomingTransfer, ts: number): void {
    this.arrived.push({ ...transfer, ts });
  }

  async incoming(address: string, sinceMs: number): Promise<IncomingTransfer[]> {
    return this.arrived.filter((t) => t.to === address && t.ts >= sinceMs).map(({ ts: _ts, ...t }) => t);
  }

  async prepare(_to: string, _amount: bigint): Promise<PreparedTransfer> {
    const txid = randomBytes(32).toString('hex');
    return {
      txid,
      broadcast: async () => {
        this.sent.set(txid, this.nextOutcome);
      },
    };
  }

  async status(txid: string): Promise<TxStatus> {
    return this.sent.get(txid) ?? 'pending';
  }

  /** Settles a payout that was left pending (tests). */
  resolve(txid: string, status: TxStatus): void {
    this.sent.set(txid, status);
  }
}
