/** Server 422 keys (`translations.en.title`, `name_i18n.de`) as antd field paths. */
export function fieldsFromErrors(errors: Record<string, string[]>) {
  return Object.entries(errors).map(([key, messages]) => ({
    name: key.split('.'),
    errors: messages,
  }));
}
