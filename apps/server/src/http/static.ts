import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundBody } from './envelope.ts';

function missingNote(what: string, dir: string): string {
  return `<!doctype html><meta charset="utf-8"><title>${what} not built</title><body style="font-family:sans-serif"><h1>${what} is not built yet</h1><p>Run <code>npm run build</code>; expected files in <code>${dir}</code>.</p></body>`;
}

function sendIndex(reply: FastifyReply, dir: string, what: string) {
  const index = join(dir, 'index.html');
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  // Read per request: a rebuilt app is picked up without a restart, and index.html is small.
  if (existsSync(index)) return reply.send(readFileSync(index));
  return reply.send(missingNote(what, dir));
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
  opts: { webDist: string; adminDist: string; uploadsDir: string },
): Promise<void> {
  let decorated = false;
  const serve = async (root: string, prefix: string) => {
    if (!existsSync(root)) return;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      wildcard: true,
      index: false,
    });
    decorated = true;
  };
  // Uploads arrive at run time, so their folder must exist before the static route is set up.
  mkdirSync(opts.uploadsDir, { recursive: true });
  await serve(opts.uploadsDir, '/uploads/');
  await serve(opts.adminDist, '/admin/');
  await serve(opts.webDist, '/');

  app.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
  app.get('/admin/', (_req, reply) => sendIndex(reply, opts.adminDist, 'The admin console'));
  app.get('/', (_req, reply) => sendIndex(reply, opts.webDist, 'The web app'));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(url)) {
      if (url.startsWith('/admin/')) return sendIndex(reply, opts.adminDist, 'The admin console');
      return sendIndex(reply, opts.webDist, 'The web app');
    }
    return reply.status(404).type('application/json; charset=utf-8').send(notFoundBody(request.lang));
  });
}
