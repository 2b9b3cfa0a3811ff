// /ProofOfReserves checks the proof in the browser (issue 13): a real signed tree from the shared
// package says "included" with the leaf's balances; one changed digit says "NOT included".

import type { MyLiabilityProof } from '@ex/contract';
import { webCatalogues } from '@ex/i18n';
import { buildTree, pathOf, publicKeyOf, signRoot } from '@ex/verify-liabilities';
import { ed25519 } from '@noble/curves/ed25519';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../src/app/antd-react19.ts';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';

const r = webCatalogues.en.reserves;
const secret = ed25519.utils.randomPrivateKey();
const assets = [
  { coin: 'USDC', scale: 6 },
  { coin: 'BTC', scale: 8 },
];
const tree = buildTree(
  ['USDC', 'BTC'],
  [
    { userId: '7', salt: 'ab', amounts: [9_875_500_000n, 50_000_000n] },
    { userId: '8', salt: 'cd', amounts: [1n, 0n] },
  ],
);
const base = {
  version: 1 as const,
  snapshot_id: '3',
  created_at: 1_700_000_000_000,
  assets,
  root: { hash: tree.root.hash, sums: tree.root.sums.map(String) },
};
const signature = signRoot(base, secret);
function mine(balances: string[]): MyLiabilityProof {
  return {
    snapshot: {
      id: '3',
      created_at: base.created_at,
      trigger: 'daily',
      users: 2,
      root_hash: tree.root.hash,
      totals: [
        { coin: 'USDC', total: '9875.500001' },
        { coin: 'BTC', total: '0.50000000' },
      ],
      negative_accounts: 0,
      signature,
      public_key: publicKeyOf(secret),
      reserve: {
        coin: 'USDC',
        reserves: '10000.000000',
        liabilities: '9875.500001',
        ratio_percent: '101.25',
        source: 'simulated',
      },
    },
    proof: {
      ...base,
      signature,
      public_key: publicKeyOf(secret),
      leaf: { user_id: '7', salt: 'ab', balances },
      path: pathOf(tree, '7')!,
    },
  };
}

const myProof = vi.fn();
vi.mock('../src/lib/api.ts', () => ({ api: { reserves: { myProof: () => myProof() } } }));
const { default: ProofOfReserves } = await import('../src/features/reserves/routes/ProofOfReserves.tsx');

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function open() {
  const router = createMemoryRouter([{ path: '/ProofOfReserves', Component: ProofOfReserves }], {
    initialEntries: ['/ProofOfReserves'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LangProvider initial="en" catalogue={webCatalogues.en}>
        <WithI18n>
          <RouterProvider router={router} />
        </WithI18n>
      </LangProvider>
    </QueryClientProvider>,
  );
}

describe('/ProofOfReserves', () => {
  afterEach(() => cleanup());

  it('says "included" and shows the balances of the leaf and the reserve ratio', async () => {
    myProof.mockResolvedValue(mine(['9875500000', '50000000']));
    open();
    expect((await screen.findByTestId('proof-status')).textContent).toBe(r.included);
    // The leaf's balances to the last unit, grouped as the language writes them; the raw decimal
    // (what the proof file holds) stays on the cell.
    const usdc = screen.getByTestId('proof-balance-USDC').querySelector('td')!;
    expect(usdc.textContent).toBe('9,875.500000');
    expect(usdc.dataset.value).toBe('9875.500000');
    expect(screen.getByTestId('proof-balance-BTC').querySelector('td')!.textContent).toBe('0.50000000');
    expect(screen.getByTestId('reserve-ratio').textContent).toBe('101.25%');
  });

  it('writes the overview figures with separators and keeps the exact strings in the details', async () => {
    const big = mine(['9875500000', '50000000']);
    big.snapshot.totals[0]!.total = '4001051701.000000';
    big.snapshot.reserve.reserves = '4100000000.500000';
    big.snapshot.reserve.liabilities = '4001051701.000000';
    big.snapshot.reserve.ratio_percent = '1024.70';
    myProof.mockResolvedValue(big);
    open();
    await screen.findByTestId('proof-status');
    expect(screen.getByTestId('proof-total-USDC').querySelector('td')!.textContent).toBe('4,001,051,701.00');
    expect(screen.getByTestId('proof-total-BTC').querySelector('td')!.textContent).toBe('0.50');
    expect(screen.getByTestId('reserve-onchain').textContent).toBe('4,100,000,000.50');
    expect(screen.getByTestId('reserve-owed').textContent).toBe('4,001,051,701.00');
    expect(screen.getByTestId('reserve-ratio').textContent).toBe('1,024.70%');
    const exact = screen.getByTestId('proof-exact');
    expect(exact.querySelector('summary')!.textContent).toBe(r.exact);
    const raw = [...exact.querySelectorAll('dd')].map((d) => d.textContent);
    expect(raw).toEqual(['4001051701.000000', '0.50000000', '4100000000.500000', '4001051701.000000']);
  });

  it('gives the verifier’s command a line of its own, whole, outside the translated sentence', async () => {
    // It wrapped at its hyphen inside the sentence ("npx @ex/verify-" / "liabilities proof.json").
    myProof.mockResolvedValue(mine(['9875500000', '50000000']));
    open();
    const cli = await screen.findByTestId('proof-cli');
    expect(cli.tagName).toBe('CODE');
    expect(cli.className).toBe('por-cli');
    expect(cli.textContent).toBe('npx @ex/verify-liabilities proof.json');
    expect(cli.parentElement!.textContent).toBe(`${r.cli}npx @ex/verify-liabilities proof.json`);
    for (const lang of ['de', 'en', 'es', 'fr', 'it', 'zh_CN', 'zh_TW'] as const)
      expect(webCatalogues[lang].reserves.cli, lang).not.toContain('npx');
  });

  it('says plainly when the balance is not included', async () => {
    myProof.mockResolvedValue(mine(['9875500001', '50000000']));
    open();
    const status = await screen.findByTestId('proof-status');
    expect(status.textContent).toBe(
      r.notIncluded.replace('{{reason}}', 'path does not lead to the published root'),
    );
  });
});
