import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, harness } from './server.ts';

let h: Harness;
afterEach(async () => {
  await h.server.close();
});

describe('spreadsheets are passed through unchanged (spec 8)', () => {
  it.each([
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv; charset=utf-8',
  ])('%s resolves with the raw body as a Blob', async (type) => {
    h = await harness();
    // Looks like an error envelope on purpose: it must not be parsed or interpreted.
    const bytes = Buffer.from('{"code":500,"data":null,"message":"not an envelope"}\n1,2,3');
    h.server.route('GET', '/export', (_req, res) => {
      res.writeHead(200, { 'content-type': type });
      res.end(bytes);
    });
    const result = await h.client.get<Blob>('/export');
    expect(result).toBeInstanceOf(Blob);
    expect(Buffer.from(await result.arrayBuffer()).equals(bytes)).toBe(true);
    expect(result.type.replace(/\s/g, '')).toBe(type.replace(/\s/g, ''));
    expect(h.toasts).toEqual([]);
  });
});

describe('image/jpeg becomes a local image address (spec 8)', () => {
  it('resolves with the address made from the body', async () => {
    const seen: Blob[] = [];
    h = await harness({
      createObjectURL: (blob) => {
        seen.push(blob);
        return 'blob:local/1';
      },
    });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    h.server.route('GET', '/avatar', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(jpeg);
    });
    await expect(h.client.get('/avatar')).resolves.toBe('blob:local/1');
    expect(seen).toHaveLength(1);
    expect(Buffer.from(await seen[0]!.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('uses URL.createObjectURL by default', async () => {
    h = await harness();
    h.server.route('GET', '/avatar', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(Buffer.from([0xff, 0xd8]));
    });
    await expect(h.client.get('/avatar')).resolves.toMatch(/^blob:/);
  });
});
