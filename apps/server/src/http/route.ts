import { envelope } from '@ex/contract';
import type {} from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySerializerCompiler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.ts';

interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  tags: string[];
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  preHandler?: preHandlerAsyncHookHandler;
  rateLimit?: { max: number; timeWindow: number };
  /**
   * The handler builds exactly the response schema's shape, its keys in the schema's order, from
   * values it made itself (a view function such as toSpotOrder): the answer is JSON.stringify of it,
   * without the zod parse of the reply (ADR 214; the order path's busiest route). Under the tests
   * (VITEST) the parse still runs and a reply that differs from it in any byte is a 500.
   */
  exactResponse?: true;
  handler: (
    request: FastifyRequest & { body: z.infer<B>; query: z.infer<Q>; params: z.infer<P> },
  ) => Promise<z.infer<R>>;
}

/**
 * Registers one JSON route: the zod schemas validate the input and document it in OpenAPI, the
 * handler returns plain data and this wraps it into the envelope (`{ code: 0, data, message }`).
 */
export function jsonRoute<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P, R>,
): void {
  // Typed through RouteSpec rather than the type provider: the generic envelope defeats its inference.
  app.route({
    method: spec.method,
    url: spec.url,
    schema: {
      tags: spec.tags,
      summary: spec.summary,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: { 200: envelope(spec.response) },
    },
    ...(spec.exactResponse ? { serializerCompiler: exactSerializer } : {}),
    ...(spec.preHandler ? { preHandler: spec.preHandler } : {}),
    ...(spec.rateLimit ? { config: { rateLimit: spec.rateLimit } } : {}),
    handler: async (request) => {
      const data = await spec.handler(
        request as FastifyRequest & { body: z.infer<B>; query: z.infer<Q>; params: z.infer<P> },
      );
      return ok(request, data);
    },
  });
}

/** Checked under the tests only: the replies of `exactResponse` routes equal their zod parse. */
const CHECK_EXACT = process.env.VITEST !== undefined;

/** The reply serialiser of an `exactResponse` route (the route's own; others keep the zod one). */
const exactSerializer: FastifySerializerCompiler<unknown> =
  ({ schema, url }) =>
  (data: unknown) => {
    const text = JSON.stringify(data);
    if (CHECK_EXACT) {
      const parsed = (schema as z.ZodType).safeParse(data);
      const expected = parsed.success ? JSON.stringify(parsed.data) : null;
      if (expected !== text)
        throw new Error(`exactResponse ${url}: the reply is not its schema's parse: ${text} vs ${expected}`);
    }
    return text;
  };
