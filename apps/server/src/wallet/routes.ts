import { WithdrawCoinList } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { jsonRoute } from '../http/route.ts';

export function walletRoutes(app: FastifyInstance, s: Services): void {
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/wallet/withdraw/coins',
    tags: ['wallet'],
    summary: 'Withdrawable coins with their networks, fee, min and max',
    response: WithdrawCoinList,
    handler: async () => {
      const coins = new Map<string, { network: string; fee: string; min: string; max: string }[]>();
      for (const w of s.config.withdraw) {
        const list = coins.get(w.coin) ?? [];
        list.push({ network: w.network, fee: w.fee, min: w.min, max: w.max });
        coins.set(w.coin, list);
      }
      return [...coins].map(([coin, networks]) => ({ coin, networks }));
    },
  });
}
