import { type ENDPOINTS, type EndpointName, ROUTES } from '@ex/contract';
import type { CallOptions, Client } from './client.ts';
import type { Query } from './query.ts';

// Read zod's input/output types off the schema object itself, so the SDK needs no zod import.
type Schema = { _zod: { input: unknown; output: unknown } };
type Def<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** The request body type of a contract endpoint (zod input: defaults may be left out). */
export type BodyOf<N extends EndpointName> =
  Def<N> extends { body: infer B extends Schema } ? B['_zod']['input'] : never;
/** The query type of a contract endpoint. */
export type QueryOf<N extends EndpointName> =
  Def<N> extends { query: infer Q extends Schema } ? Q['_zod']['input'] : never;
/**
 * The query parameters of a contract endpoint as a caller passes them: the parsed (output) shape,
 * every key optional since the server fills in defaults. The zod input type would not do: coerced
 * numbers and preprocessed lists take `unknown` there.
 */
export type QueryParamsOf<N extends EndpointName> =
  Def<N> extends { query: infer Q extends Schema } ? Partial<Q['_zod']['output']> : never;
/** The `data` type a contract endpoint resolves with. */
export type ResponseOf<N extends EndpointName> = Def<N>['response'] extends infer R extends Schema
  ? R['_zod']['output']
  : never;

export interface CallInput {
  body?: unknown;
  query?: Query;
  /** Values for `:name` segments of the path. */
  params?: Record<string, string>;
}

/**
 * Calls an endpoint of `@ex/contract`'s table by name: method and path come from the contract, so
 * the SDK and the server cannot drift apart.
 */
export function call<N extends EndpointName>(
  client: Client,
  name: N,
  input: CallInput = {},
  options?: CallOptions,
): Promise<ResponseOf<N>> {
  // ROUTES, not ENDPOINTS: the same method and path without the zod schemas (a smaller web app).
  const def = ROUTES[name];
  const path = def.path.replace(/:(\w+)/g, (_match, key: string) => {
    const value = input.params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
  return client.request<ResponseOf<N>>({
    ...options,
    method: def.method,
    path,
    body: input.body,
    query: input.query,
  });
}
