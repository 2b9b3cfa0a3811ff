import { addressToHex } from '../chain/address.ts';
import { MAINNET_USDC } from '../chain/tron-http.ts';
import type { ReserveReader } from './service.ts';

export interface TronReservesOptions {
  baseUrl: string;
  apiKey: string | undefined;
  usdcContract: string | undefined;
  hotWallet: string;
  /** Every deposit address handed out (chain_addresses). */
  depositAddresses: () => Promise<string[]>;
  fetch?: typeof fetch;
}

/** Reads at a time: a node's free tier allows a handful of requests a second. */
const PARALLEL = 4;

/**
 * USDC held on TRON by the hot wallet and every deposit address (ADR 141): the TRC20 contract's
 * `balanceOf` through the node's constant-call endpoint (no transaction, no fee). Any failed read
 * makes the whole figure unknown (null): a partial sum would understate the reserves and a ratio
 * built on it would mislead either way.
 */
export function tronReserves(o: TronReservesOptions): ReserveReader {
  const base = o.baseUrl.replace(/\/+$/, '');
  const usdc = o.usdcContract ?? MAINNET_USDC;
  const doFetch = o.fetch ?? fetch;
  const balanceOf = async (address: string): Promise<bigint> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
    };
    if (o.apiKey) headers['TRON-PRO-API-KEY'] = o.apiKey;
    const res = await doFetch(`${base}/wallet/triggerconstantcontract`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        owner_address: address,
        contract_address: usdc,
        function_selector: 'balanceOf(address)',
        // One ABI word: the 20-byte address without TRON's 0x41 prefix.
        parameter: addressToHex(address).slice(2).padStart(64, '0'),
        visible: true,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`TRON node: HTTP ${res.status}`);
    const body = (await res.json()) as { constant_result?: string[]; result?: { result?: boolean } };
    const word = body.constant_result?.[0];
    if (body.result?.result !== true || word === undefined || !/^[0-9a-fA-F]{1,64}$/.test(word))
      throw new Error('TRON node: no balanceOf result');
    return BigInt(`0x${word}`);
  };
  return {
    source: 'tron',
    async usdcHeld() {
      const addresses = [o.hotWallet, ...(await o.depositAddresses())];
      let total = 0n;
      try {
        for (let i = 0; i < addresses.length; i += PARALLEL) {
          const part = await Promise.all(addresses.slice(i, i + PARALLEL).map(balanceOf));
          for (const v of part) total += v;
        }
      } catch {
        return null;
      }
      return total;
    },
  };
}
