import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Each market's quantity decimals (its step precision), from the public market list: the dashboard
 * shows volumes and open interest with them. Markets change with a release, so they are read once.
 */
export function useQtyScales() {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'qty-scales'],
    queryFn: async ({ signal }) =>
      new Map((await api.market.coins({ signal })).map((m) => [m.symbol, m.qty_scale] as const)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
