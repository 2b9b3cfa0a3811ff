/** Routes an anonymous visitor may open (spec section 6); every other route needs a stored token. */
export const PUBLIC_PATHS = ['/Login', '/Register', '/ForgetPwd', '/Agree'] as const;

export const LOGIN_PATH = '/Login';
export const HOME_PATH = '/';

const normalise = (pathname: string) => {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
};

export function isPublicPath(pathname: string): boolean {
  const path = normalise(pathname);
  return PUBLIC_PATHS.some((p) => p.toLowerCase() === path);
}

/**
 * Where a navigation must go instead, or `null` to let it through: unknown paths go home (spec
 * section 2), and without a stored token everything but the four public pages goes to /Login. The
 * token is not validated here; the SDK's 401/411 handling ends a dead session.
 */
export function guardRedirect(
  pathname: string,
  signedIn: boolean,
  knownPaths: readonly string[],
): string | null {
  const path = normalise(pathname);
  const known = knownPaths.some((p) => p.toLowerCase() === path);
  if (!known) return HOME_PATH === path ? null : HOME_PATH;
  if (isPublicPath(path) || signedIn) return null;
  return LOGIN_PATH;
}

/** `/Login?redirect=/My` so a visitor lands where they were going after signing in. */
export function loginRedirectTarget(pathname: string, search: string): string {
  if (pathname === HOME_PATH || isPublicPath(pathname)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Only same-app paths are followed after login (no open redirect to another origin). */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return HOME_PATH;
  return target;
}
