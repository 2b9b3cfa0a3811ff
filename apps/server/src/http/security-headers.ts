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

/**
 * What a JSON answer needs, after OWASP's REST Security Cheat Sheet (ADR 229): no caching, no
 * framing, no sniffing, HTTPS only. The page's policy (script, style, image, frame sources) is for
 * documents; on an API answer it was 900 bytes of headers per order, read by every client.
 * HSTS and the resource policy are the page's own values (images under /api load cross-origin in
 * the native app).
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  for (const name of ['strict-transport-security', 'cross-origin-resource-policy']) {
    const value = page[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * Security headers from precomputed sets: helmet's (as @fastify/helmet would set them) on pages,
 * static files and the /ws upgrade; the REST set on /api answers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    done();
  });
}
