import {
  ApiError,
  CancelledError,
  type FieldErrors,
  NETWORK_CODE,
  SessionError,
  TIMEOUT_CODE,
  ValidationError,
} from './errors.ts';
import { type Query, toQueryString } from './query.ts';

/** The part of `window.localStorage` the client needs; a Map-backed object in tests. */
export interface StoragePort {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type Toast = (message: string, durationMs: number) => void;

/** Why the client had to make up a message itself (the server sent none). */
export type FallbackReason = 'timeout' | 'network' | 'http';

export interface ClientOptions {
  /** API origin, e.g. `http://127.0.0.1:8080`; `''` for same-origin in the browser. */
  baseUrl: string;
  storage: StoragePort;
  /** Called after a 401/411 removed the stored token; the app navigates to its login page. */
  onLogout?: () => void;
  /** Shows a failure toast; called with the spec's 2000 ms. */
  toast?: Toast;
  tokenKey?: string;
  langKey?: string;
  /** Sent as `Accept-Language` when no language is stored. */
  defaultLang?: string;
  /** Per-request time-out; 0 disables it. The spec's value is 60000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Turns an `image/jpeg`, `image/png` or `image/webp` body into a local address; `URL.createObjectURL` by default. */
  createObjectURL?: (blob: Blob) => string;
  /** Localised text for failures without a server message; read at failure time so a language switch applies. */
  fallbackMessage?: (reason: FallbackReason, status: number) => string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every endpoint function accepts as its last argument. */
export interface CallOptions {
  /** Aborting it rejects with `CancelledError` and shows nothing (TanStack Query passes one). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key` on calls that move money. */
  idempotencyKey?: string;
  /** Set false to force a separate network request even when an identical one is in flight. */
  dedupe?: boolean;
  /**
   * No failure toast: the screen shows the failure itself (an empty state, a retry). Such a call
   * gets its own request, so a deduplicated caller that wants the toast still gets it.
   */
  quiet?: boolean;
  timeoutMs?: number;
}

export interface RequestSpec extends CallOptions {
  method: HttpMethod;
  path: string;
  query?: Query;
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and ArrayBuffer are sent as they are. */
  body?: unknown;
}

export interface Client {
  request<T>(spec: RequestSpec): Promise<T>;
  get<T>(path: string, query?: Query, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, query?: Query, options?: CallOptions): Promise<T>;
  getToken(): string | null;
  /** Stores (or with `null` removes) the bearer token under `tokenKey`. */
  setToken(token: string | null): void;
  getLang(): string;
  setLang(lang: string): void;
  /** The absolute address of a path, for links and downloads the browser fetches itself. */
  url(path: string, query?: Query): string;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const TOAST_DURATION_MS = 2000;

const SPREADSHEET_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  // Monthly account statements (issue 13).
  'application/pdf',
];

const defaultFallback = (reason: FallbackReason, status: number): string => {
  if (reason === 'timeout') return 'The request timed out';
  if (reason === 'network') return 'Network error, please try again';
  return `Request failed (HTTP ${status})`;
};

interface Envelope {
  code: number;
  data: unknown;
  message?: string;
  errors?: FieldErrors;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

type Body = NonNullable<RequestInit['body']>;

function isRawBody(body: unknown): body is Body {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** One network request, possibly shared by several identical calls. */
interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; the request is aborted only when every one of them has cancelled. */
  waiting: number;
  cancelled: boolean;
}

export function createClient(options: ClientOptions): Client {
  const {
    storage,
    onLogout = () => {},
    toast = () => {},
    tokenKey = 'token',
    langKey = 'lang',
    defaultLang = 'de',
    timeoutMs: defaultTimeoutMs = DEFAULT_TIMEOUT_MS,
    fallbackMessage = defaultFallback,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const createObjectURL = options.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob));
  const inFlight = new Map<string, Flight>();

  const getToken = () => storage.getItem(tokenKey);
  const getLang = () => storage.getItem(langKey) || defaultLang;
  const url = (path: string, query?: Query) => `${baseUrl}${path}${toQueryString(query)}`;

  function fail(error: ApiError, quiet: boolean): never {
    if (!quiet) toast(error.message, TOAST_DURATION_MS);
    throw error;
  }

  /** The spec's response rules (section 8), shared by 2xx envelopes and HTTP-level errors. */
  function interpret(status: number, body: unknown, sentToken: string | null, quiet: boolean): unknown {
    const ok = status >= 200 && status < 300;
    const envelope = isEnvelope(body) ? body : null;
    if (ok && (!envelope || envelope.code === 0)) return envelope ? envelope.data : body;

    const code = envelope?.code ?? status;
    const kind = ok ? 'api' : 'http';
    const message = envelope?.message || fallbackMessage('http', status);
    if (code === 422 || status === 422) {
      throw new ValidationError({ message, status, errors: envelope?.errors ?? {}, kind });
    }
    if (code === 401 || code === 411 || status === 401 || status === 411) {
      // A reply to a request made with an older token must not log out a session started since.
      if (getToken() === sentToken) {
        storage.removeItem(tokenKey);
        onLogout();
      }
      throw new SessionError({ code, message, status, kind, data: envelope?.data });
    }
    return fail(new ApiError({ code, message, status, kind, data: envelope?.data }), quiet);
  }

  async function readBody(response: Response): Promise<{ parsed: unknown; passthrough: boolean }> {
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (response.ok && SPREADSHEET_TYPES.some((t) => type.startsWith(t))) {
      return { parsed: await response.blob(), passthrough: true };
    }
    // Private images (KYC documents) come as any of the three upload types.
    if (response.ok && /^image\/(jpeg|png|webp)\b/.test(type)) {
      return { parsed: createObjectURL(await response.blob()), passthrough: true };
    }
    const text = await response.text();
    if (text === '') return { parsed: null, passthrough: false };
    try {
      return { parsed: JSON.parse(text), passthrough: false };
    } catch {
      return { parsed: text, passthrough: false };
    }
  }

  function launch(
    input: string,
    init: RequestInit,
    sentToken: string | null,
    timeoutMs: number,
    quiet: boolean,
  ): Flight {
    const controller = new AbortController();
    const flight: Flight = { promise: Promise.resolve(), controller, waiting: 0, cancelled: false };
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;

    flight.promise = (async () => {
      let status: number;
      let body: { parsed: unknown; passthrough: boolean };
      try {
        const response = await doFetch(input, { ...init, signal: controller.signal });
        status = response.status;
        body = await readBody(response);
      } catch {
        if (flight.cancelled) throw new CancelledError();
        if (timedOut) {
          return fail(
            new ApiError({
              code: TIMEOUT_CODE,
              message: fallbackMessage('timeout', 0),
              status: 0,
              kind: 'timeout',
            }),
            quiet,
          );
        }
        return fail(
          new ApiError({
            code: NETWORK_CODE,
            message: fallbackMessage('network', 0),
            status: 0,
            kind: 'network',
          }),
          quiet,
        );
      } finally {
        clearTimeout(timer);
      }
      if (flight.cancelled) throw new CancelledError();
      if (body.passthrough) return body.parsed;
      return interpret(status, body.parsed, sentToken, quiet);
    })();
    return flight;
  }

  /** Gives one caller its own promise on a possibly shared flight, honouring its own signal. */
  function join<T>(flight: Flight, key: string | null, signal: AbortSignal | undefined): Promise<T> {
    flight.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        flight.waiting -= 1;
        if (flight.waiting === 0) {
          flight.cancelled = true;
          if (key !== null && inFlight.get(key) === flight) inFlight.delete(key);
          flight.controller.abort();
        }
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value as T);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  function request<T>(spec: RequestSpec): Promise<T> {
    if (spec.signal?.aborted) return Promise.reject(new CancelledError());
    const token = getToken();
    const lang = getLang();
    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      'Accept-Language': lang,
      ...spec.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (spec.idempotencyKey) headers['Idempotency-Key'] = spec.idempotencyKey;

    let body: Body | undefined;
    let bodyKey = '';
    const quiet = spec.quiet === true;
    let shareable = spec.dedupe !== false && !quiet;
    if (spec.body !== undefined) {
      if (isRawBody(spec.body)) {
        body = spec.body;
        shareable = false; // a file payload has no cheap identity
      } else {
        body = JSON.stringify(spec.body);
        bodyKey = body;
        headers['Content-Type'] = 'application/json';
      }
    }

    const target = url(spec.path, spec.query);
    const key = shareable
      ? JSON.stringify([spec.method, target, bodyKey, token, lang, spec.idempotencyKey ?? ''])
      : null;
    let flight = key === null ? undefined : inFlight.get(key);
    if (!flight) {
      const launched = launch(
        target,
        { method: spec.method, headers, body },
        token,
        spec.timeoutMs ?? defaultTimeoutMs,
        quiet,
      );
      flight = launched;
      if (key !== null) {
        inFlight.set(key, launched);
        const forget = () => {
          if (inFlight.get(key) === launched) inFlight.delete(key);
        };
        launched.promise.then(forget, forget);
      } else {
        // Keep an unjoined rejection from surfacing as unhandled; join() below reports it.
        launched.promise.catch(() => {});
      }
    }
    return join<T>(flight, key, spec.signal);
  }

  return {
    request,
    get: (path, query, opts) => request({ ...opts, method: 'GET', path, query }),
    post: (path, body, opts) => request({ ...opts, method: 'POST', path, body }),
    put: (path, body, opts) => request({ ...opts, method: 'PUT', path, body }),
    patch: (path, body, opts) => request({ ...opts, method: 'PATCH', path, body }),
    delete: (path, query, opts) => request({ ...opts, method: 'DELETE', path, query }),
    getToken,
    setToken: (token) => (token ? storage.setItem(tokenKey, token) : storage.removeItem(tokenKey)),
    getLang,
    setLang: (lang) => storage.setItem(langKey, lang),
    url,
  };
}
