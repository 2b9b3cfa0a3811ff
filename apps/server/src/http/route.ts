import { envelope } from '@ex/contract';
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
