import { isValidationError } from '@ex/sdk';
import { type Form, Toast } from 'antd-mobile';

export type FormApi = ReturnType<typeof Form.useForm>[0];

/**
 * Puts the server's 422 `errors` under the matching fields (DESIGN.md: inline field errors). An
 * error for a field the form does not show (e.g. `captcha_key`, `type`) is toasted instead, so it
 * is never swallowed. Returns false when the error was not a validation error (the SDK has already
 * toasted those).
 */
export function showServerErrors(form: FormApi, error: unknown, fields: readonly string[]): boolean {
  if (!isValidationError(error)) return false;
  const entries = Object.entries(error.errors);
  const shown = entries.filter(([name]) => fields.includes(name));
  form.setFields(shown.map(([name, errors]) => ({ name, errors })));
  const hidden = entries.filter(([name]) => !fields.includes(name));
  if (hidden.length > 0 || shown.length === 0) {
    Toast.show({ content: hidden[0]?.[1][0] ?? error.message, duration: 2000 });
  }
  return true;
}
