import {
  ExchangeCoins,
  ExchangeExecuteRequest,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ExchangeRecord,
  ExchangeRecordPage,
  PageQuery,
  TreasuryBalances,
  TreasuryFundRequest,
} from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import { ExchangeService } from './service.ts';
import { earnDb } from './tables.ts';

/** Flash exchange (ADR 075). */
export function exchangeRoutes(app: FastifyInstance, s: Services): ExchangeService {
  const svc = new ExchangeService(s.engine, earnDb(s.db), s.clock, s.market, s.config.exchangeFeePercent);
  const user = requireAuth(s.tokens, s.db, 'user');
  const admin = requireAuth(s.tokens, s.db, 'admin');

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
    summary: 'Available balances of the treasury (flash exchange, OTC payouts)',
    response: TreasuryBalances,
    preHandler: admin,
    handler: async () => svc.treasury(),
  });
  jsonRoute(app, {
    method: 'POST',
    url: '/api/admin/treasury/fund',
    tags: ['admin'],
    summary: 'Adds the exchange’s own funds to the treasury',
    body: TreasuryFundRequest,
    response: TreasuryBalances,
    preHandler: admin,
    handler: async (req) => svc.fund(req.body.coin, req.body.amount),
  });
  return svc;
}
