/** Fetches a bundle as bytes, reporting progress in percent (0..100) as the body streams in. */
export type BundleFetcher = (url: string, onProgress: (percent: number) => void) => Promise<Uint8Array>;

export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

export function createBundleFetcher(fetchImpl: typeof fetch = (...a) => fetch(...a)): BundleFetcher {
  return async (url, onProgress) => {
    const res = await fetchImpl(url, { cache: 'no-store' });
    if (!res.ok) throw new DownloadError(`HTTP ${res.status}`);
    const total = Number(res.headers.get('content-length') ?? '0');
    if (!res.body) {
      const buf = new Uint8Array(await res.arrayBuffer());
      onProgress(100);
      return buf;
    }
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      // Without a length we cannot know the share, so the bar waits at 0 until the end.
      if (total > 0) onProgress((received / total) * 100);
    }
    if (total > 0 && received !== total) throw new DownloadError(`short read ${received}/${total}`);
    const out = new Uint8Array(received);
    let offset = 0;
    for (const c of chunks) {
      out.set(c, offset);
      offset += c.byteLength;
    }
    onProgress(100);
    return out;
  };
}
