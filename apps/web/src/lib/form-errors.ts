import { ERRORS } from '@ex/contract';
import { type ApiError, isApiError, isValidationError } from '@ex/sdk';
import { showToast } from './toast.ts';

const FIELD_OF_CODE = new Map<number, string>([
  [ERRORS.ACCOUNT_EXISTS.code, 'account'],
  [ERRORS.INVALID_CREDENTIALS.code, 'password'],
  [ERRORS.CODE_INVALID.code, 'code'],
  [ERRORS.CODE_EXPIRED.code, 'code'],
  [ERRORS.CODE_TOO_MANY_ATTEMPTS.code, 'code'],
  [ERRORS.CAPTCHA_INVALID.code, 'captcha_code'],
  [ERRORS.INVITE_CODE_INVALID.code, 'invite_code'],
]);

/** antd-mobile's form instance, or any form that takes errors the same way (the auth screens'). */
export interface FormApi {
  setFields(fields: { name: string; errors: string[] }[]): void;
}

/**
 * Puts the server's 422 `errors` under the matching fields (DESIGN.md: inline field errors). An
 * error for a field the form does not show (e.g. `captcha_key`, `type`) is toasted instead, so it
 * is never swallowed. Returns false when the error was not a validation error (the SDK has already
 * toasted those).
 */
export function showServerErrors(form: FormApi, error: unknown, fields: readonly string[]): boolean {
  if (!isValidationError(error)) {
    // A business refusal that is clearly about one field (wrong code, wrong image code) is toasted
    // by the SDK; marking the field too shows the user where to fix it.
    if (isApiError(error)) {
      const field = FIELD_OF_CODE.get(error.code);
      if (field && fields.includes(field)) form.setFields([{ name: field, errors: [error.message] }]);
    }
    return false;
  }
  const entries = Object.entries(error.errors);
  const shown = entries.filter(([name]) => fields.includes(name));
  form.setFields(shown.map(([name, errors]) => ({ name, errors })));
  const hidden = entries.filter(([name]) => !fields.includes(name));
  if (hidden.length > 0 || shown.length === 0) {
    showToast(hidden[0]?.[1][0] ?? error.message);
  }
  return true;
}

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
