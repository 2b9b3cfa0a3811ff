import { type ApiError, isApiError, isValidationError } from '@ex/sdk';

/**
 * The server's answer refusing a call (a business error such as a wrong trade password, 400, or a
 * locked one, 429), not a call that got no answer. The SDK marks a refusal sent with a non-2xx
 * status `kind: 'http'` and one in a 2xx envelope `kind: 'api'`; the server sends its business
 * errors with their HTTP status, so a screen that only took `kind === 'api'` for a refusal never
 * saw one (the SDK's toast alone showed it). Validation errors (422) are not included: they carry
 * their fields.
 */
export function serverRefusal(err: unknown): ApiError | null {
  if (!isApiError(err) || isValidationError(err)) return null;
  return err.kind === 'api' || err.kind === 'http' ? err : null;
}
