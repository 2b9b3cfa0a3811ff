import {
  ExchangeCoins,
  ExchangeExecuteRequest,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ExchangeRecord,
  ExchangeRecordPage,
  MoneyMovesRecovered,
  PageQuery,
  TreasuryAccounts,
  TreasuryBalances,
  TreasuryFundRequest,
  TreasuryQuery,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { recoverAll, registerRecovery } from './money.ts';
import { ExchangeService } from './service.ts';
import { earnDb } from './tables.ts';
import { treasuriesOf } from './treasury.ts';

/** Flash exchange (ADR 075). */
export function exchangeRoutes(app: FastifyInstance, s: Services): ExchangeService {
  const treasuries = treasuriesOf(s.engine, s.config.treasuryLowWater, (d, m) => app.log.warn(d, m));
  const svc = new ExchangeService(s.engine, earnDb(s.db), s.edb, s.clock, treasuries, {
    feePercent: s.config.exchangeFeePercent,
    maxQuoteUsdc: s.config.flashMaxQuoteUsdc,
    dailyUsdc: s.config.flashDailyUsdc,
  });
  registerRecovery(s.engine, 'exchange', () => svc.recover());
  // Interrupted money moves of the last run are completed before the first request (ADR 114).
  app.addHook('onReady', async () => {
    try {
      const done = await recoverAll(s.engine);
      if (Object.values(done).some((n) => n > 0)) app.log.warn(done, 'completed interrupted money moves');
    } catch (error) {
      // The server still starts; the operator retries through the endpoint after fixing the cause.
      app.log.error({ err: error }, 'money-move recovery failed');
    }
  });
  const user = requireAuth(s.tokens, 'user');
  const admin = requireAuth(s.tokens, 'admin');

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/exchange/coins',
    tags: ['exchange'],
    summary: 'Coins that can be exchanged against USDC',
    response: ExchangeCoins,
    handler: async () => svc.coins(),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/exchange/quote',
    tags: ['exchange'],
    summary: 'A flash exchange quote at the market price minus the fee, valid for 10 s',
    body: ExchangeQuoteRequest,
    response: ExchangeQuote,
    preHandler: user,
    handler: async (req) => svc.quote(principalOf(req).id, req.body),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/exchange/execute',
    tags: ['exchange'],
    summary: 'Executes an own, unexpired quote once',
    body: ExchangeExecuteRequest,
    response: ExchangeRecord,
    preHandler: user,
    handler: async (req) => svc.execute(principalOf(req).id, req.body.quote_id),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/exchange/history',
    tags: ['exchange'],
    summary: 'Own flash exchanges, newest first',
    query: PageQuery,
    response: ExchangeRecordPage,
    preHandler: user,
    handler: async (req) => svc.history(principalOf(req).id, req.query.page, req.query.limit),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/treasury',
    tags: ['admin'],
    summary: 'Available balances of one purpose of the treasury (default the flash float)',
    query: TreasuryQuery,
    response: TreasuryBalances,
    preHandler: admin,
    handler: async (req) => treasuries.balances(req.query.purpose ?? 'flash'),
  });
  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/treasury/accounts',
    tags: ['admin'],
    summary: 'Every purpose of the treasury per coin, with its low-water mark and a low flag',
    response: TreasuryAccounts,
    preHandler: admin,
    handler: async () => treasuries.overview(),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/treasury/fund',
    tags: ['admin'],
    summary:
      'Adds funds to one purpose of the treasury (default the flash float) from outside or the general treasury',
    body: TreasuryFundRequest,
    response: TreasuryBalances,
    preHandler: admin,
    handler: async (req) => {
      const purpose = req.body.purpose ?? 'flash';
      await treasuries.fund(purpose, req.body.coin, req.body.amount, req.body.source ?? 'chain');
      return treasuries.balances(purpose);
    },
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/money-moves/recover',
    tags: ['admin'],
    summary: 'Completes interrupted flash exchange, OTC and IEO money moves (also run at start)',
    response: MoneyMovesRecovered,
    preHandler: admin,
    handler: async () => {
      const done = await recoverAll(s.engine);
      return { exchange: done.exchange ?? 0, otc: done.otc ?? 0, ieo: done.ieo ?? 0 };
    },
  });
  return svc;
}
