// The TRON reserve reader (ADR 141) against a fake node: balanceOf of the hot wallet and every
// deposit address, summed exactly; any failed read makes the figure unknown rather than partial.
import { describe, expect, it } from 'vitest';
import { addressToHex } from '../src/chain/address.ts';
import { HdWallet } from '../src/chain/hd.ts';
import { MAINNET_USDC } from '../src/chain/tron-http.ts';
import { tronReserves } from '../src/reserves/tron.ts';

const hd = new HdWallet(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const HOT = hd.hotWalletAddress();
const DEPOSITS = [hd.depositAddress(1), hd.depositAddress(2)];

function fakeNode(balances: Map<string, bigint>, fail?: string) {
  const calls: { url: string; body: Record<string, unknown>; key: string | null }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    calls.push({ url, body, key: new Headers(init.headers).get('TRON-PRO-API-KEY') });
    if (body.owner_address === fail) return new Response('busy', { status: 503 });
    const v = balances.get(body.owner_address!) ?? 0n;
    return Response.json({ result: { result: true }, constant_result: [v.toString(16).padStart(64, '0')] });
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('TRON reserves', () => {
  it('sums balanceOf of the hot wallet and every deposit address', async () => {
    const node = fakeNode(
      new Map([
        [HOT, 1_000_000_000_000n],
        [DEPOSITS[0]!, 123_456_789n],
        [DEPOSITS[1]!, 1n],
      ]),
    );
    const reader = tronReserves({
      baseUrl: 'https://node.example/',
      apiKey: 'k',
      usdcContract: undefined,
      hotWallet: HOT,
      depositAddresses: async () => DEPOSITS,
      fetch: node.fetchFn,
    });
    expect(reader.source).toBe('tron');
    expect(await reader.usdcHeld()).toBe(1_000_123_456_790n);
    expect(node.calls).toHaveLength(3);
    const first = node.calls[0]!;
    expect(first.url).toBe('https://node.example/wallet/triggerconstantcontract');
    expect(first.key).toBe('k');
    expect(first.body).toMatchObject({
      contract_address: MAINNET_USDC,
      function_selector: 'balanceOf(address)',
      owner_address: HOT,
      parameter: addressToHex(HOT).slice(2).padStart(64, '0'),
    });
  });

  it('reports unknown (null) when any read fails', async () => {
    const node = fakeNode(new Map([[HOT, 5n]]), DEPOSITS[1]);
    const reader = tronReserves({
      baseUrl: 'https://node.example',
      apiKey: undefined,
      usdcContract: undefined,
      hotWallet: HOT,
      depositAddresses: async () => DEPOSITS,
      fetch: node.fetchFn,
    });
    expect(await reader.usdcHeld()).toBeNull();
  });
});
