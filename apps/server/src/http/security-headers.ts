import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type helmetFn from 'helmet';

export type SecurityHeaderOptions = NonNullable<Parameters<typeof helmetFn>[0]>;

/**
 * helmet, as @fastify/helmet uses it, resolved through that plugin (it is its dependency, not ours).
 * The plugin called `helmet(options)` on every request, which re-parses the CSP directives each
 * time: 6 % of the order path's CPU under bench:http (issue 9, ADR 174).
 */
function loadHelmet(): typeof helmetFn {
  const plugin = createRequire(import.meta.url).resolve('@fastify/helmet');
  const mod = createRequire(plugin)('helmet') as typeof helmetFn | { default: typeof helmetFn };
  return typeof mod === 'function' ? mod : mod.default;
}

/** The headers helmet sets for these options, computed once (nothing in them depends on the request). */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  loadHelmet()(options)({} as never, res as never, (error?: unknown) => {
    if (error) failed = error;
  });
  if (failed !== null) throw failed;
  return headers;
}

/** The same security headers as @fastify/helmet, on every response, from one precomputed set. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
