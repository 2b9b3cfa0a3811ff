// CHAIN=tron: the TRON node's HTTP API (java-tron `/wallet/*`, `/walletsolidity/*`) and TronGrid's
// account index (`/v1/accounts/{address}/transactions/trc20`), with plain fetch. Payouts are built by
// the node (triggersmartcontract), checked against what we asked for, signed here with the hot
// wallet key (secp256k1 over the txID = sha256(raw_data_hex)) and broadcast.

import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { addressOfPrivateKey, addressToHex, hexToAddress } from './address.ts';
import type { ChainBlock, ChainPort, IncomingTransfer, PreparedTransfer, TxStatus } from './port.ts';

/** USDC's TRC20 contract on TRON mainnet (override with TRON_USDC_CONTRACT on a testnet). */
export const MAINNET_USDC = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const TRANSFER_SELECTOR = 'transfer(address,uint256)';
/** keccak256("transfer(address,uint256)")[0..4]. */
const TRANSFER_METHOD_ID = 'a9059cbb';
const USDC_DECIMALS = 6;
/** topic0 of ERC-20/TRC-20 `Transfer(address indexed from, address indexed to, uint256 value)`. */
const TRANSFER_TOPIC = bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)')));
const PAGE_LIMIT = 50;

interface TxInfo {
  id?: string;
  blockNumber?: number;
  result?: string;
  receipt?: { result?: string };
  /** Event logs in emission order; `address` is the contract without the 0x41 prefix. */
  log?: { address?: string; topics?: string[]; data?: string }[];
}

export interface TronHttpOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  usdcContract?: string;
  hotWalletKey: Uint8Array;
  /** Most TRX (in sun) a payout may burn for energy. */
  feeLimitSun?: number;
  fetch?: typeof fetch;
}

export class TronError extends Error {}

interface Trc20Transfer {
  transaction_id: string;
  token_info?: { address?: string; decimals?: number };
  from?: string;
  to?: string;
  type?: string;
  value?: string;
}

interface Trc20Page {
  data?: Trc20Transfer[];
  success?: boolean;
  meta?: { fingerprint?: string };
}

interface TriggerResponse {
  result?: { result?: boolean; message?: string };
  transaction?: {
    txID: string;
    raw_data: {
      contract?: {
        parameter?: { value?: { owner_address?: string; contract_address?: string; data?: string } };
        type?: string;
      }[];
    };
    raw_data_hex: string;
  };
}

/** ABI words of transfer(address,uint256): the 20-byte address and the amount, 32 bytes each. */
export function transferParameter(to: string, amount: bigint): string {
  const addr = addressToHex(to).slice(2);
  return addr.padStart(64, '0') + amount.toString(16).padStart(64, '0');
}

export class TronHttpChain implements ChainPort {
  readonly kind = 'tron' as const;
  private readonly base: string;
  private readonly usdc: string;
  private readonly hot: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: TronHttpOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.usdc = options.usdcContract ?? MAINNET_USDC;
    this.hot = addressOfPrivateKey(options.hotWalletKey);
    this.doFetch = options.fetch ?? fetch;
  }

  get hotWallet(): string {
    return this.hot;
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers['TRON-PRO-API-KEY'] = this.options.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.doFetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new TronError(`TRON node ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  /**
   * USDC deposits to `address` since `sinceMs` (ADR 122). The account index only names candidate
   * transactions; what is credited (recipient, amount, and the event's position in the transaction)
   * is read from the node's receipt: the solidified one when the block is final, else the full
   * node's (shown as applying). One transaction may carry several transfers to us: each is its own
   * deposit.
   */
  async incoming(address: string, sinceMs: number): Promise<IncomingTransfer[]> {
    const [confirmed, unconfirmed] = await Promise.all([
      this.trc20(address, sinceMs, 'only_confirmed'),
      this.trc20(address, sinceMs, 'only_unconfirmed'),
    ]);
    const out: IncomingTransfer[] = [];
    for (const txid of new Set([...confirmed, ...unconfirmed])) {
      let info = await this.request<TxInfo>('POST', '/walletsolidity/gettransactioninfobyid', {
        value: txid,
      });
      let final = true;
      if (info.id === undefined) {
        info = await this.request<TxInfo>('POST', '/wallet/gettransactioninfobyid', { value: txid });
        final = false;
      }
      // Not in a block yet, or a reverted call (its logs never happened).
      if (info.id?.toLowerCase() !== txid || info.result === 'FAILED' || info.receipt?.result !== 'SUCCESS') {
        continue;
      }
      out.push(...this.transfersIn(txid, info, address, final));
    }
    return out;
  }

  /** The USDC Transfer events of one receipt paid to `address`, with their log positions. */
  private transfersIn(txid: string, info: TxInfo, address: string, confirmed: boolean): IncomingTransfer[] {
    const usdc = addressToHex(this.usdc).slice(2);
    const to = addressToHex(address).slice(2);
    const out: IncomingTransfer[] = [];
    (info.log ?? []).forEach((log, eventIndex) => {
      const topics = (log.topics ?? []).map((t) => t.toLowerCase());
      if (log.address?.toLowerCase() !== usdc || topics.length !== 3 || topics[0] !== TRANSFER_TOPIC) return;
      if (!/^[0-9a-f]{64}$/.test(topics[1]!) || !/^[0-9a-f]{64}$/.test(topics[2]!)) return;
      if (topics[2]!.slice(24) !== to || !/^[0-9a-fA-F]{64}$/.test(log.data ?? '')) return;
      out.push({
        txid,
        eventIndex,
        from: hexToAddress(`41${topics[1]!.slice(24)}`),
        to: address,
        amount: BigInt(`0x${log.data}`),
        confirmed,
      });
    });
    return out;
  }

  async confirmedHead(): Promise<ChainBlock> {
    const block = await this.request<{
      block_header?: { raw_data?: { number?: number; timestamp?: number } };
    }>('POST', '/walletsolidity/getnowblock', {});
    const raw = block.block_header?.raw_data;
    if (!Number.isSafeInteger(raw?.number) || !Number.isSafeInteger(raw?.timestamp)) {
      throw new TronError('TRON node: no solidified block');
    }
    return { number: raw!.number!, timestampMs: raw!.timestamp! };
  }

  /** Transaction ids of USDC transfers to `address` in the account index, oldest first. */
  private async trc20(
    address: string,
    sinceMs: number,
    filter: 'only_confirmed' | 'only_unconfirmed',
  ): Promise<string[]> {
    const out: string[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; ; page++) {
      // A page bound keeps a misbehaving node from looping us forever; hitting it fails the pass
      // (the cursor stays) instead of silently dropping the rest.
      if (page === PAGE_LIMIT) throw new TronError(`TRON node: more than ${PAGE_LIMIT} pages of transfers`);
      const q = new URLSearchParams({
        [filter]: 'true',
        only_to: 'true',
        contract_address: this.usdc,
        min_timestamp: String(sinceMs),
        order_by: 'block_timestamp,asc',
        limit: '200',
      });
      if (fingerprint) q.set('fingerprint', fingerprint);
      const body = await this.request<Trc20Page>(
        'GET',
        `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${q}`,
      );
      if (body.success === false) throw new TronError('TRON node: trc20 listing refused');
      for (const t of body.data ?? []) {
        // Only plain USDC transfers to this address count; anything else is not a deposit.
        if (t.type !== 'Transfer' || t.to !== address || t.token_info?.address !== this.usdc) continue;
        if (!/^[0-9a-f]{64}$/i.test(t.transaction_id)) continue;
        if ((t.token_info.decimals ?? USDC_DECIMALS) !== USDC_DECIMALS) continue;
        out.push(t.transaction_id.toLowerCase());
      }
      fingerprint = body.meta?.fingerprint;
      if (!fingerprint) break;
    }
    return out;
  }

  async prepare(to: string, amount: bigint): Promise<PreparedTransfer> {
    if (amount <= 0n) throw new TronError('payout amount must be positive');
    const parameter = transferParameter(to, amount);
    const built = await this.request<TriggerResponse>('POST', '/wallet/triggersmartcontract', {
      owner_address: this.hot,
      contract_address: this.usdc,
      function_selector: TRANSFER_SELECTOR,
      parameter,
      fee_limit: this.options.feeLimitSun ?? 30_000_000,
      call_value: 0,
      visible: true,
    });
    const tx = built.transaction;
    if (built.result?.result !== true || tx === undefined) {
      throw new TronError(
        `TRON node refused to build the payout: ${built.result?.message ?? 'no transaction'}`,
      );
    }
    // Never sign what we did not ask for: the txID must be the hash of these bytes, and the
    // call must be USDC.transfer(to, amount) from the hot wallet.
    const txid = bytesToHex(sha256(hexToBytes(tx.raw_data_hex)));
    if (txid !== tx.txID.toLowerCase()) throw new TronError('TRON node: txID does not match raw_data_hex');
    const call = tx.raw_data.contract?.[0];
    const value = call?.parameter?.value;
    if (
      tx.raw_data.contract?.length !== 1 ||
      call?.type !== 'TriggerSmartContract' ||
      value?.owner_address !== this.hot ||
      value?.contract_address !== this.usdc ||
      value?.data?.toLowerCase() !== TRANSFER_METHOD_ID + parameter ||
      !tx.raw_data_hex.toLowerCase().includes(TRANSFER_METHOD_ID + parameter)
    ) {
      throw new TronError('TRON node built a different transaction than requested');
    }
    const sig = secp256k1.sign(hexToBytes(txid), this.options.hotWalletKey);
    // r || s || v with v = recovery + 27, as TronWeb signs.
    const signature = sig.toCompactHex() + (sig.recovery + 27).toString(16).padStart(2, '0');
    const signed = { ...tx, signature: [signature], visible: true };
    return {
      txid,
      broadcast: async () => {
        const r = await this.request<{ result?: boolean; code?: string; message?: string }>(
          'POST',
          '/wallet/broadcasttransaction',
          signed,
        );
        // DUP_TRANSACTION_ERROR: the node already has it (a retried broadcast), which is fine.
        if (r.result !== true && r.code !== 'DUP_TRANSACTION_ERROR') {
          throw new TronError(`TRON node refused the broadcast: ${r.code ?? ''} ${r.message ?? ''}`.trim());
        }
      },
    };
  }

  async status(txid: string): Promise<TxStatus> {
    const info = await this.request<{
      id?: string;
      blockNumber?: number;
      result?: string;
      receipt?: { result?: string };
    }>('POST', '/walletsolidity/gettransactioninfobyid', { value: txid });
    // An empty object: not (yet) in a solidified block.
    if (info.id === undefined) return 'pending';
    if (info.result === 'FAILED') return 'failed';
    return info.receipt?.result === 'SUCCESS' ? 'confirmed' : 'failed';
  }
}
