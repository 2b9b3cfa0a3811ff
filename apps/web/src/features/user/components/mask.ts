/** Shows enough of an e-mail or phone to recognise it, not enough to read it off a screenshot. */
export function maskAccount(value: string | null | undefined): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) {
    const name = value.slice(0, at);
    const head = name.slice(0, Math.min(2, name.length));
    return `${head}***${value.slice(at)}`;
  }
  if (value.length <= 4) return value;
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}
