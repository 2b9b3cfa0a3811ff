// The wallet ledger screens as the ledger tests open them (ledger-demo-credit, ledger-products,
// ledger-futures-entries): the API answers one page of the test's own entries, there are no coins
// and no user info, the stream is open. `vi.mock` is hoisted per file, so each test file keeps its
// three one-line mocks, with the factories from here:
//   vi.mock('../src/lib/api.ts', () => ledgerApi(ENTRIES));
//   vi.mock('../src/lib/queries.ts', () => ledgerQueries());
//   vi.mock('../src/features/stream/hooks.ts', () => openStream());
// A factory runs when a screen first imports the module, so the screens are imported here only
// when opened: a static import would load the API before the test file's entries exist.
import type { Lang } from '@ex/i18n';
import type { LedgerEntry } from '@ex/sdk';
import { openScreen } from './screen.tsx';

/** `src/lib/api.ts`: the wallet's balances (none) and one page holding all of `entries`. */
export const ledgerApi = (entries: readonly LedgerEntry[]) => ({
  api: {
    wallet: {
      balances: async () => ({ spot: [], contract: null }),
      ledger: async () => ({ list: entries, total: entries.length, page: 1, limit: 20 }),
    },
  },
});

/** `src/lib/queries.ts`: no coins, no user info. */
export const ledgerQueries = () => ({
  useCoins: () => ({ data: [], refetch: async () => ({}) }),
  useUserInfo: () => ({ data: undefined, isError: false, refetch: async () => ({}) }),
});

/** `src/features/stream/hooks.ts`: an open stream that delivers nothing. */
export const openStream = () => ({ useChannel: () => {}, useStreamStatus: () => 'open' });

const LISTS = {
  TradingOne: () => import('../../src/features/wallet/routes/TradingOne.tsx'),
  TradingTwo: () => import('../../src/features/wallet/routes/TradingTwo.tsx'),
};

/** Opens the spot (`/TradingOne`) or futures (`/TradingTwo`) records in `lang`. */
export async function openList(list: keyof typeof LISTS, lang: Lang) {
  const { default: Component } = await LISTS[list]();
  return openScreen([{ path: `/${list}`, Component }], `/${list}`, { lang });
}

/**
 * Opens the detail of `entry` in `lang` as its list does (the entry in the navigation's state);
 * any other path renders nothing. Returns the router to read its location.
 */
export async function openEntry(entry: LedgerEntry, lang: Lang) {
  const { default: FinancialDetail } = await import('../../src/features/wallet/routes/FinancialDetail.tsx');
  return openScreen(
    [
      { path: '/FinancialDetail', Component: FinancialDetail },
      { path: '*', Component: () => null },
    ],
    { pathname: '/FinancialDetail', search: `?id=${encodeURIComponent(entry.id)}`, state: { entry } },
    { lang },
  );
}
