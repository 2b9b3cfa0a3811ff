/**
 * The error kinds a call can reject with. Callers branch on the class (or the `is*` guards), never on
 * message text: messages are localised by the server.
 */

/** Field name -> localised messages, exactly as the server's 422 `errors`. */
export type FieldErrors = Record<string, string[]>;

export type ApiErrorKind = 'api' | 'http' | 'timeout' | 'network';

/**
 * A refused or failed call. `code` is the envelope code when the server sent one, else the HTTP
 * status; `status` is the HTTP status (0 when no response arrived: time-out or network failure).
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly code: number;
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The envelope's `data`, when a refusal carries details (for example limits). */
  readonly data: unknown;

  constructor(init: { code: number; message: string; status: number; kind?: ApiErrorKind; data?: unknown }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind ?? 'api';
    this.data = init.data ?? null;
  }
}

/** Invalid input (code or status 422): no toast, the caller maps `errors` to its form fields. */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';
  readonly errors: FieldErrors;

  constructor(init: { message: string; status: number; errors: FieldErrors; kind?: ApiErrorKind }) {
    super({ code: 422, message: init.message, status: init.status, kind: init.kind ?? 'api' });
    this.errors = init.errors;
  }
}

/**
 * The session is over (401 no/invalid token, 411 ended). The client has already removed the token
 * and called `onLogout`, so callers usually just stop.
 */
export class SessionError extends ApiError {
  override readonly name = 'SessionError';
}

/** The caller aborted the request: it is ignored (no toast, no logout) and must not be shown. */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('Request cancelled');
  }
}

/** Code used for a time-out (no response within `timeoutMs`); mirrors HTTP 408. */
export const TIMEOUT_CODE = 408;
/** Code used when no response arrived at all (offline, DNS, connection refused). */
export const NETWORK_CODE = -1;

export function isCancel(e: unknown): e is CancelledError {
  return e instanceof CancelledError;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isValidationError(e: unknown): e is ValidationError {
  return e instanceof ValidationError;
}

export function isSessionError(e: unknown): e is SessionError {
  return e instanceof SessionError;
}
