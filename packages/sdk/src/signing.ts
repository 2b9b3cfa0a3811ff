import { API_KEY_HEADERS, apiSignPayload } from '@ex/contract';

// Signed API-key requests (docs/api.md, ADR 202) with Web Crypto, so the same code signs in Node
// (20+), browsers and workers without a crypto dependency.

export interface ApiKeyCredentials {
  apiKey: string;
  secret: string;
  /** Milliseconds the server accepts the request after `timestamp`; default 5000, at most 60000. */
  recvWindowMs?: number;
  /** Clock for the timestamp; `Date.now` by default (inject to correct a known skew). */
  now?: () => number;
}

async function hmacHex(secret: string, text: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(text)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The four headers of one signed request. `path` includes the query string, exactly as sent. */
export async function signApiRequest(
  creds: ApiKeyCredentials,
  req: { method: string; path: string; body?: string },
): Promise<Record<string, string>> {
  const timestamp = String((creds.now ?? Date.now)());
  const recvWindow = String(creds.recvWindowMs ?? 5000);
  const signature = await hmacHex(
    creds.secret,
    apiSignPayload({ timestamp, method: req.method, path: req.path, recvWindow, body: req.body ?? '' }),
  );
  return {
    [API_KEY_HEADERS.key]: creds.apiKey,
    [API_KEY_HEADERS.timestamp]: timestamp,
    [API_KEY_HEADERS.recvWindow]: recvWindow,
    [API_KEY_HEADERS.signature]: signature,
  };
}

/**
 * A `fetch` that signs every request with the API key: pass it as `createClient({ fetch })` and
 * every SDK call is a signed call (the client stores no token then). JSON and empty bodies only.
 */
export function signingFetch(creds: ApiKeyCredentials, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' ? init.body : '';
    const signed = await signApiRequest(creds, {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body,
    });
    const headers = new Headers(init?.headers);
    for (const [k, v] of Object.entries(signed)) headers.set(k, v);
    return base(input, { ...init, headers });
  };
}
