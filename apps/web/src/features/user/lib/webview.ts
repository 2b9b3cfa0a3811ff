/**
 * What /WebView may show (ADR 201): a page of the app's own origin or of an allowed host, over
 * https (http only on the own origin or localhost, for development). Everything else is offered
 * to the system browser instead of being framed under the exchange's own title bar.
 */
export type WebViewTarget =
  | { kind: 'frame'; url: string; host: string }
  | { kind: 'blocked'; url: string }
  | { kind: 'missing' };

/** Pages the app itself links by name (`/WebView?type=support`). */
export const PRESETS: Record<string, string> = {
  // The exact file: the server answers extension-less paths with the app's own index.html.
  support: '/help/index.html',
};

export function resolveWebViewTarget(
  params: URLSearchParams,
  origin: string,
  allowedHosts: readonly string[],
): WebViewTarget {
  const type = params.get('type');
  const raw = params.get('url') ?? (type ? PRESETS[type] : undefined);
  if (!raw?.trim()) return { kind: 'missing' };
  let url: URL;
  try {
    url = new URL(raw.trim(), origin);
  } catch {
    return { kind: 'missing' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'missing' };
  const own = new URL(origin);
  const sameOrigin = url.origin === own.origin;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const listed = allowedHosts.some((h) => h.toLowerCase() === url.host.toLowerCase());
  const secure = url.protocol === 'https:' || sameOrigin || local;
  if ((sameOrigin || listed) && secure) return { kind: 'frame', url: url.href, host: url.host };
  return { kind: 'blocked', url: url.href };
}
