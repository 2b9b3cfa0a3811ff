import { BankCard, BankCardIdParams, BankCardList, BankCardRequest } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';
import type { BankCardService } from './service.ts';

export function bankRoutes(app: FastifyInstance, s: Services, cards: BankCardService): void {
  const user = requireAuth(s.tokens, 'user');
  const tags = ['bank'];

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/bank-cards',
    tags,
    summary: 'My bound bank cards (numbers masked)',
    response: BankCardList,
    preHandler: user,
    handler: async (req) => cards.list(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/bank-cards',
    tags,
    summary:
      'Bind a bank card: verified users only, cardholder = verified name, Luhn-checked number, at most 5',
    body: BankCardRequest,
    response: BankCard,
    preHandler: user,
    handler: async (req) => cards.add(principalOf(req).id, req.body),
  });

  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/app/bank-cards/:id',
    tags,
    summary: 'Unbind one of my bank cards',
    params: BankCardIdParams,
    response: z.null(),
    preHandler: user,
    handler: async (req) => {
      await cards.remove(principalOf(req).id, req.params.id);
      return null;
    },
  });
}
