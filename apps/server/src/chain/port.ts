// The chain port (ARCHITECTURE.md adapters): USDC TRC20 transfers in and out. The embedded default
// is the simulated chain; CHAIN=tron talks to a TRON node's HTTP API (tron-http.ts).

export interface IncomingTransfer {
  txid: string;
  /**
   * Position of this USDC Transfer event among the transaction's logs: one transaction can pay
   * several deposits, and each is credited once per (txid, eventIndex) (ADR 122). Absent means 0
   * (the operator's simulated deposit, a transaction with one transfer).
   */
  eventIndex?: number;
  from: string | null;
  to: string;
  /** USDC in its smallest unit (6 places on TRON, the same as the ledger). */
  amount: bigint;
  /** Solidified (irreversible); unconfirmed transfers are shown as "applying" and not credited. */
  confirmed: boolean;
}

/** A block the chain will not undo (solidified on TRON): the watcher's resume point (ADR 122). */
export interface ChainBlock {
  number: number;
  timestampMs: number;
}

export type TxStatus = 'pending' | 'confirmed' | 'failed';

/** A signed payout: its txid is known before it is broadcast, so a crash never loses track of it. */
export interface PreparedTransfer {
  txid: string;
  broadcast(): Promise<void>;
}

export interface ChainPort {
  readonly kind: 'simulated' | 'tron';
  /** USDC transfers to `address` (newest last) in blocks made at or after `sinceMs`. */
  incoming(address: string, sinceMs: number): Promise<IncomingTransfer[]>;
  /** The newest confirmed block: every transfer in it or before is final. */
  confirmedHead(): Promise<ChainBlock>;
  /** Builds and signs a USDC transfer from the hot wallet. */
  prepare(to: string, amount: bigint): Promise<PreparedTransfer>;
  status(txid: string): Promise<TxStatus>;
}
