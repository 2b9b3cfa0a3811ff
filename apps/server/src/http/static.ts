import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundBody } from './envelope.ts';

function missingNote(what: string, dir: string): string {
  return `<!doctype html><meta charset="utf-8"><title>${what} not built</title><body style="font-family:sans-serif"><h1>${what} is not built yet</h1><p>Run <code>npm run build</code>; expected files in <code>${dir}</code>.</p></body>`;
}

/**
 * Cache policy (ADR 090): Vite names everything under `assets/` by its content hash, so a name never
 * changes content and the browser may keep it for a year without asking. Everything else (the
 * service worker, the manifest, icons) keeps its name across releases: `no-cache` makes the browser
 * revalidate with the ETag each time, a cheap 304 when nothing changed. Uploads get a fresh random
 * name per file, so a day's caching is safe; private ones are never served here.
 */
export function cacheControlFor(path: string): string {
  const p = path.replaceAll('\\', '/');
  if (/\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/.test(p)) {
    return 'public, max-age=31536000, immutable';
  }
  if (p.includes('/uploads/')) return 'public, max-age=86400';
  return 'no-cache';
}

function setStaticHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  res.setHeader('cache-control', cacheControlFor(path));
  // One URL has several bodies (br, gzip, identity): caches between us and the phone must key on it.
  res.setHeader('vary', 'accept-encoding');
}

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = accept
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name);
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return undefined;
}

// index.html is ~2 KB and changes only with a build: compress each version once, keep the last few.
const indexCache = new Map<string, Buffer>();
function compressedIndex(etag: string, encoding: 'br' | 'gzip', body: Buffer): Buffer {
  const key = `${encoding}:${etag}`;
  let hit = indexCache.get(key);
  if (!hit) {
    hit = encoding === 'br' ? brotliCompressSync(body) : gzipSync(body);
    if (indexCache.size >= 8) indexCache.clear();
    indexCache.set(key, hit);
  }
  return hit;
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, dir: string, what: string) {
  const index = join(dir, 'index.html');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  // Read per request: a rebuilt app is picked up without a restart, and index.html is small.
  if (!existsSync(index)) return reply.send(missingNote(what, dir));
  const body = readFileSync(index);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressedIndex(etag, encoding, body));
}

function isSpaPath(url: string): boolean {
  if (url.startsWith('/api/') || url === '/api' || url === '/ws' || url.startsWith('/uploads/')) return false;
  const last = url.slice(url.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * One port serves the web app at `/`, the admin console at `/admin/` and uploads at `/uploads/`.
 * A GET for a path without a file extension outside the API gets the SPA's index.html so client
 * routes survive a reload; everything else unknown is the 404 envelope.
 */
export async function registerStatic(
  app: FastifyInstance,
  /** `uploadsDir` only when uploads are files in DATA_DIR; the database adapter serves its own (ADR 240). */
  opts: { webDist: string; adminDist: string; uploadsDir?: string | undefined },
): Promise<void> {
  let decorated = false;
  const serve = async (root: string, prefix: string) => {
    if (!existsSync(root)) return;
    // The build's compressed twins (scripts/build/precompress.mjs) are the first root: a br or gzip
    // request finds `<file>.br`/`.gz` there; anything without a twin falls through to dist itself.
    const twins = `${root}-compressed`;
    await app.register(fastifyStatic, {
      root: existsSync(twins) ? [twins, root] : root,
      prefix,
      decorateReply: !decorated,
      wildcard: true,
      index: false,
      preCompressed: existsSync(twins),
      cacheControl: false,
      setHeaders: setStaticHeaders,
    });
    decorated = true;
  };
  // Uploads arrive at run time, so their folder must exist before the static route is set up.
  if (opts.uploadsDir !== undefined) {
    mkdirSync(opts.uploadsDir, { recursive: true });
    await serve(opts.uploadsDir, '/uploads/');
  }
  await serve(opts.adminDist, '/admin/');
  await serve(opts.webDist, '/');

  app.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
  app.get('/admin/', (req, reply) => sendIndex(req, reply, opts.adminDist, 'The admin console'));
  app.get('/', (req, reply) => sendIndex(req, reply, opts.webDist, 'The web app'));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(url)) {
      if (url.startsWith('/admin/')) return sendIndex(request, reply, opts.adminDist, 'The admin console');
      return sendIndex(request, reply, opts.webDist, 'The web app');
    }
    return reply.status(404).type('application/json; charset=utf-8').send(notFoundBody(request.lang));
  });
}
