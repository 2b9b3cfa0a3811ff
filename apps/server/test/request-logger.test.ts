// ADR 232: a request's logger is made on its first written line. What is written is the same as
// with Fastify's own child (the request id and the line's fields); a request that writes nothing
// makes no child; a route with its own log level still logs at that level.

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { requestLoggerFactory } from '../src/http/request-logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level }, stream);
  let children = 0;
  // pino's children inherit from their parent: the spy counts every child made, and keeps `this`.
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    children += 1;
    return child.apply(this, args);
  } as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe('request logger made on its first line', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  async function appWith(level: string) {
    const c = capture(level);
    const app = Fastify({
      loggerInstance: c.logger,
      childLoggerFactory: requestLoggerFactory,
      genReqId: () => 'req-1',
    });
    app.get('/quiet', async (request) => {
      request.log.info({ note: 'below the level' }, 'not written');
      request.log.debug('not written either');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.error({ order: 'o-7' }, 'written');
      request.log.warn('also written');
      return { ok: true };
    });
    app.get('/chatty', { logLevel: 'info' }, async (request) => {
      request.log.info({ note: 'route level' }, 'written at the route level');
      return { ok: true };
    });
    app.get('/child', async (request) => {
      request.log.child({ part: 'sub' }).error('from a child');
      return { ok: true };
    });
    await app.ready();
    close = () => app.close();
    return { app, ...c };
  }

  it('makes no child for a request that writes nothing', async () => {
    const t = await appWith('warn');
    const before = t.children();
    const res = await t.app.inject({ method: 'GET', url: '/quiet' });
    expect(res.statusCode).toBe(200);
    expect(t.children()).toBe(before);
    expect(t.lines).toEqual([]);
  });

  it('writes the request id and the fields, as a child made at once would', async () => {
    const t = await appWith('warn');
    await t.app.inject({ method: 'GET', url: '/loud' });
    expect(t.lines.map((l) => [l.level, l.reqId, l.msg, l.order])).toEqual([
      [50, 'req-1', 'written', 'o-7'],
      [40, 'req-1', 'also written', undefined],
    ]);
  });

  it('keeps a route level and a child of the request logger', async () => {
    const t = await appWith('warn');
    await t.app.inject({ method: 'GET', url: '/chatty' });
    await t.app.inject({ method: 'GET', url: '/child' });
    const lines = t.lines.map((l) => [l.reqId, l.msg, l.part]);
    expect(lines).toContainEqual(['req-1', 'written at the route level', undefined]);
    expect(lines).toContainEqual(['req-1', 'from a child', 'sub']);
  });

  it('still writes Fastify request lines at info', async () => {
    const t = await appWith('info');
    await t.app.inject({ method: 'GET', url: '/quiet' });
    const msgs = t.lines.map((l) => l.msg);
    expect(msgs).toContain('incoming request');
    expect(msgs).toContain('not written');
    expect(msgs).toContain('request completed');
    expect(t.lines.every((l) => l.reqId === 'req-1')).toBe(true);
  });
});
