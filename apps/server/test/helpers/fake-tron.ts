// A fake TRON node over real HTTP: TronGrid's account index, the full and the solidity node's
// receipts (with Transfer event logs), the solidified head, and payouts. Shared by chain.test.ts
// and security-deposits.test.ts.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { addressOfPublicKey, addressToHex, isTronAddress } from '../../src/chain/address.ts';
import { MAINNET_USDC, transferParameter } from '../../src/chain/tron-http.ts';

const TRANSFER_TOPIC = bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)')));
const word = (hex: string) => hex.padStart(64, '0');

export interface FakeTransfer {
  transaction_id: string;
  to: string;
  from: string;
  value: string;
  confirmed: boolean;
  contract?: string;
  /** Block and its time; unset: block 1, and the transfer passes every min_timestamp (recent). */
  block?: number;
  timestamp?: number;
}

export class FakeTronNode {
  server: Server;
  url = '';
  transfers: FakeTransfer[] = [];
  broadcasts: { txID: string; signer: string; data: string }[] = [];
  solid = new Map<string, 'SUCCESS' | 'REVERT'>();
  apiKeys: (string | undefined)[] = [];
  /** Simulates a malicious or buggy node that builds a payout to someone else. */
  tamper = false;
  /** The solidified head; unset: the newest block holding a confirmed transfer. */
  solidHead: { number: number; timestamp: number } | undefined;
  /** Receipt requests per txid (tests count how often the adapter asks). */
  receipts: string[] = [];
  pageSize = 2;

  constructor() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        (body) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        },
      );
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage): Promise<unknown> {
    this.apiKeys.push(req.headers['tron-pro-api-key'] as string | undefined);
    const url = new URL(req.url ?? '/', 'http://x');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const confirmed = url.searchParams.get('only_confirmed') === 'true';
      const min = Number(url.searchParams.get('min_timestamp') ?? '0');
      const all = this.transfers.filter(
        (t) =>
          t.to === decodeURIComponent(m[1]!) &&
          t.confirmed === confirmed &&
          (t.timestamp === undefined || t.timestamp >= min),
      );
      const start = Number(url.searchParams.get('fingerprint') ?? '0');
      const page = all.slice(start, start + this.pageSize);
      return {
        success: true,
        data: page.map((t) => ({
          transaction_id: t.transaction_id,
          token_info: { address: t.contract ?? MAINNET_USDC, decimals: 6, symbol: 'USDC' },
          from: t.from,
          to: t.to,
          type: 'Transfer',
          value: t.value,
        })),
        meta: start + this.pageSize < all.length ? { fingerprint: String(start + this.pageSize) } : {},
      };
    }
    if (url.pathname === '/wallet/triggersmartcontract') {
      let parameter = String(body.parameter);
      if (this.tamper) parameter = transferParameter('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 1n);
      const data = `a9059cbb${parameter}`;
      const rawHex = Buffer.from(`raw:${Date.now()}:${Math.random()}:`).toString('hex') + data;
      return {
        result: { result: true },
        transaction: {
          txID: createHash('sha256').update(Buffer.from(rawHex, 'hex')).digest('hex'),
          raw_data: {
            contract: [
              {
                type: 'TriggerSmartContract',
                parameter: {
                  value: { owner_address: body.owner_address, contract_address: body.contract_address, data },
                },
              },
            ],
          },
          raw_data_hex: rawHex,
        },
      };
    }
    if (url.pathname === '/wallet/broadcasttransaction') {
      const txID = String(body.txID);
      const sig = (body.signature as string[])[0]!;
      const recovered = secp256k1.Signature.fromCompact(sig.slice(0, 128))
        .addRecoveryBit(Number.parseInt(sig.slice(128), 16) - 27)
        .recoverPublicKey(hexToBytes(txID));
      const signer = addressOfPublicKey(recovered.toRawBytes(false));
      const raw = body.raw_data as {
        contract: { parameter: { value: { data: string; owner_address: string } } }[];
      };
      if (signer !== raw.contract[0]!.parameter.value.owner_address)
        return { code: 'SIGERROR', message: 'bad sig' };
      this.broadcasts.push({ txID, signer, data: raw.contract[0]!.parameter.value.data });
      return { result: true, txid: txID };
    }
    if (url.pathname === '/walletsolidity/gettransactioninfobyid') {
      const id = String(body.value);
      const r = this.solid.get(id);
      if (r !== undefined) return { id, blockNumber: 1, receipt: { result: r } };
      this.receipts.push(id);
      return this.receipt(id, true);
    }
    if (url.pathname === '/wallet/gettransactioninfobyid') {
      const id = String(body.value);
      this.receipts.push(id);
      return this.receipt(id, false);
    }
    if (url.pathname === '/walletsolidity/getnowblock') {
      let head = this.solidHead ?? { number: 0, timestamp: 0 };
      if (this.solidHead === undefined) {
        for (const t of this.transfers) {
          if (t.confirmed && (t.block ?? 1) >= head.number)
            head = { number: t.block ?? 1, timestamp: t.timestamp ?? 0 };
        }
      }
      return { blockID: head.number.toString(16).padStart(64, '0'), block_header: { raw_data: head } };
    }
    throw new Error(`unexpected ${req.method} ${url.pathname}`);
  }

  /** The receipt of a transaction made of transfers: one Transfer log each, in the order pushed. */
  private receipt(id: string, solidOnly: boolean): unknown {
    const txs = this.transfers.filter((t) => t.transaction_id === id);
    if (txs.length === 0 || (solidOnly && !txs.every((t) => t.confirmed))) return {};
    const hex20 = (a: string) => (isTronAddress(a) ? addressToHex(a).slice(2) : '0'.repeat(40));
    return {
      id,
      blockNumber: txs[0]!.block ?? 1,
      blockTimeStamp: txs[0]!.timestamp ?? 0,
      receipt: { result: 'SUCCESS' },
      log: txs.map((t) => ({
        address: hex20(t.contract ?? MAINNET_USDC),
        topics: [TRANSFER_TOPIC, word(hex20(t.from)), word(hex20(t.to))],
        data: word(BigInt(t.value).toString(16)),
      })),
    };
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}
