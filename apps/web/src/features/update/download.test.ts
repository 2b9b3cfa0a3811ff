import { describe, expect, it } from 'vitest';
import { createBundleFetcher, DownloadError } from './download.ts';

function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}, status = 200): typeof fetch {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      }),
      { status, headers },
    );
}

describe('bundle download', () => {
  it('reports progress as the body streams in and returns the bytes', async () => {
    const seen: number[] = [];
    const get = createBundleFetcher(
      streamed([new Uint8Array([1, 2]), new Uint8Array([3, 4])], { 'content-length': '4' }),
    );
    const bytes = await get('http://x/b.zip', (p) => seen.push(p));
    expect([...bytes]).toEqual([1, 2, 3, 4]);
    expect(seen).toEqual([50, 100, 100]);
  });

  it('fails on an HTTP error or a truncated body', async () => {
    await expect(createBundleFetcher(streamed([], {}, 404))('http://x', () => {})).rejects.toBeInstanceOf(
      DownloadError,
    );
    const short = createBundleFetcher(streamed([new Uint8Array([1])], { 'content-length': '10' }));
    await expect(short('http://x', () => {})).rejects.toThrow(/short read/);
  });

  it('fails when the network fails', async () => {
    const broken = createBundleFetcher(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(broken('http://x', () => {})).rejects.toThrow('Failed to fetch');
  });
});
