import { randomBytes } from 'node:crypto';
import type { ChainBlock, ChainPort, IncomingTransfer, PreparedTransfer, TxStatus } from './port.ts';

/**
 * The embedded default: transfers arrive when the operator says so (`POST /api/admin/chain/deposit`)
 * and payouts confirm at once. Addresses are still derived like production (hd.ts), so only the
 * movement of coins is simulated. Every arrival is a block of its own, confirmed when its transfer is.
 */
export class SimulatedChain implements ChainPort {
  readonly kind = 'simulated' as const;
  private readonly arrived: (IncomingTransfer & { ts: number; block: number })[] = [];
  private height = 0;
  private readonly sent = new Map<string, TxStatus>();
  /** What the next payouts end as (tests set 'failed' or 'pending'). */
  nextOutcome: TxStatus = 'confirmed';

  /** Transfers of one transaction arrive together: pass them in one call (event index = position). */
  arrive(transfer: IncomingTransfer | IncomingTransfer[], ts: number): void {
    this.height += 1;
    const list = Array.isArray(transfer) ? transfer : [transfer];
    list.forEach((t, i) => {
      this.arrived.push({ ...t, eventIndex: t.eventIndex ?? i, ts, block: this.height });
    });
  }

  /** Confirms what arrived unconfirmed (tests: a block becoming final). */
  confirm(txid: string): void {
    for (const t of this.arrived) if (t.txid === txid) t.confirmed = true;
  }

  async incoming(address: string, sinceMs: number): Promise<IncomingTransfer[]> {
    return this.arrived
      .filter((t) => t.to === address && t.ts >= sinceMs)
      .map(({ ts: _ts, block: _block, ...t }) => t);
  }

  async confirmedHead(): Promise<ChainBlock> {
    let head: ChainBlock = { number: 0, timestampMs: 0 };
    for (const t of this.arrived) {
      // The first unconfirmed block ends the final part of the chain.
      if (!t.confirmed) break;
      head = { number: t.block, timestampMs: t.ts };
    }
    return head;
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
