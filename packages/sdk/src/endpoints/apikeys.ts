import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type { ApiKeyCreateRequest } from '../types.ts';

/** API keys for programmatic trading (docs/api.md); the secret is in the create answer only. */
export function apiKeysApi(client: Client) {
  return {
    list: (opts?: CallOptions) => call(client, 'apiKeys', {}, opts),
    create: (body: ApiKeyCreateRequest, opts?: CallOptions) => call(client, 'apiKeyCreate', { body }, opts),
    remove: (id: string, opts?: CallOptions) => call(client, 'apiKeyDelete', { params: { id } }, opts),
  };
}
