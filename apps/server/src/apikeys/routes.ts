import { ApiKeyCreated, ApiKeyCreateRequest, ApiKeyIdParams, ApiKeyList } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { jsonRoute } from '../http/route.ts';

/** Key management needs a person's session: an API key is refused here (scopes.ts). */
export function apiKeyRoutes(app: FastifyInstance, s: Services): void {
  const auth = requireAuth(s.tokens, 'user');
  const tags = ['apikeys'];

  jsonRoute(app, {
    method: 'GET',
    url: '/api/app/apikeys',
    tags,
    summary: 'My API keys (without secrets)',
    response: ApiKeyList,
    preHandler: auth,
    handler: (req) => s.apiKeys.list(principalOf(req).id),
  });

  jsonRoute(app, {
    method: 'POST',
    url: '/api/app/apikeys',
    tags,
    summary: 'Create an API key; the secret is in this answer only',
    body: ApiKeyCreateRequest,
    response: ApiKeyCreated,
    preHandler: auth,
    handler: (req) => {
      const id = principalOf(req).id;
      return s.apiKeys.create(id, req.body, () => s.totp.verifyIfEnabled(id, req.body.totp_code));
    },
  });

  jsonRoute(app, {
    method: 'DELETE',
    url: '/api/app/apikeys/:id',
    tags,
    summary: 'Delete an API key (it is refused from the next request on)',
    params: ApiKeyIdParams,
    response: z.null(),
    preHandler: auth,
    handler: async (req) => {
      await s.apiKeys.remove(principalOf(req).id, req.params.id);
      return null;
    },
  });
}
