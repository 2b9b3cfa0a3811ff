/**
 * Semantic versions (semver.org 2.0.0) for the update check. The server's `latest_version` is
 * untrusted input: an unparseable string is never "newer", so a typo in a release cannot push a
 * bundle to every device.
 */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: readonly (string | number)[];
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

export function parseSemver(input: unknown): SemVer | null {
  if (typeof input !== 'string' || input.length > 256) return null;
  const m = SEMVER.exec(input.trim());
  if (!m) return null;
  const nums = [m[1], m[2], m[3]].map((s) => Number(s));
  if (nums.some((n) => !Number.isSafeInteger(n))) return null;
  const prerelease = m[4] ? m[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [];
  return { major: nums[0]!, minor: nums[1]!, patch: nums[2]!, prerelease };
}

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  // Numeric identifiers always have lower precedence than alphanumeric ones.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** -1, 0 or 1 by semver precedence (build metadata ignored). */
export function compareSemver(a: SemVer, b: SemVer): number {
  for (const key of ['major', 'minor', 'patch'] as const) {
    if (a[key] !== b[key]) return Math.sign(a[key] - b[key]);
  }
  const pa = a.prerelease;
  const pb = b.prerelease;
  // A release ranks above any of its pre-releases.
  if (pa.length === 0 || pb.length === 0) return pa.length === pb.length ? 0 : pa.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if (i >= pa.length) return -1;
    if (i >= pb.length) return 1;
    const c = compareIdentifiers(pa[i]!, pb[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

/** True only when both parse and `candidate` has strictly higher precedence than `current`. */
export function isNewerVersion(candidate: unknown, current: unknown): boolean {
  const c = parseSemver(candidate);
  const cur = parseSemver(current);
  if (!c || !cur) return false;
  return compareSemver(c, cur) > 0;
}
