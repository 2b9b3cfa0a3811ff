// The first screen's data, requested by boot.ts beside the app's code instead of after the screen has
// loaded and rendered (issue 11, ADR 087). The SDK's requests go through `fetchEarly` (lib/api.ts):
// a GET for the same address with the same token and language takes the answer already on its way,
// once; every other request goes to the network as before.

/** Read-only requests each measured screen makes as it mounts (spec: the data on its first paint). */
const EARLY: Record<string, { signedIn: string[]; anyone: string[] }> = {
  '/': {
    anyone: ['/api/app/config', '/api/app/market/coins'],
    signedIn: ['/api/app/checkin', '/api/app/notices?limit=3', '/api/app/news?limit=5'],
  },
  '/spotope': {
    anyone: ['/api/app/config', '/api/app/market/coins'],
    signedIn: ['/api/app/wallet/balances', '/api/app/spot/orders?status=open&limit=100'],
  },
  '/login': { anyone: ['/api/app/config'], signedIn: [] },
};

/** How long an early answer waits to be taken; after that the screen asks again. */
const KEEP_MS = 10_000;

interface Early {
  response: Promise<Response>;
  token: string | null;
  lang: string;
  at: number;
}

const started = new Map<string, Early>();

/**
 * Starts the GETs the screen at `path` makes first, with the headers the SDK sends (token and
 * language as stored, the SDK's default language `de`).
 */
export function startEarlyData(
  path: string,
  storage: Pick<Storage, 'getItem'>,
  tokenKey: string,
  langKey: string,
) {
  const plan = EARLY[path.toLowerCase()];
  if (!plan || typeof fetch !== 'function') return;
  const token = storage.getItem(tokenKey);
  const lang = storage.getItem(langKey) || 'de';
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': lang,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  for (const url of token ? [...plan.anyone, ...plan.signedIn] : plan.anyone) {
    const response = fetch(url, { headers });
    // A failed early request is simply not used: the SDK then makes its own (and reports errors).
    response.catch(() => started.delete(url));
    started.set(url, { response, token, lang, at: Date.now() });
  }
}

/** The SDK's fetch: an early answer for the same GET, token and language, else the network. */
export function fetchEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const key = typeof input === 'string' ? input : 'url' in input ? input.url : input.href;
  const early = started.get(key);
  if (early) {
    started.delete(key);
    const headers = new Headers(init?.headers);
    const bearer = early.token ? `Bearer ${early.token}` : null;
    if (
      (init?.method ?? 'GET').toUpperCase() === 'GET' &&
      headers.get('Authorization') === bearer &&
      headers.get('Accept-Language') === early.lang &&
      Date.now() - early.at < KEEP_MS
    ) {
      // The SDK's timeout and cancelling still apply (its signal), as to its own requests.
      return new Promise((resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
          once: true,
        });
        early.response.then(resolve, () => fetch(input, init).then(resolve, reject));
      });
    }
  }
  return fetch(input, init);
}
