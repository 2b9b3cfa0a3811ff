/**
 * Version rules of the release module. Bundle versions are strict semver (what the app compares);
 * native versions are loose dotted numbers because the stores' own version names ("1.0", "2.3.1")
 * are not semver.
 */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

interface Semver {
  core: [number, number, number];
  pre: (string | number)[];
}

function parseSemver(v: string): Semver | null {
  const m = SEMVER.exec(v);
  if (!m) return null;
  const core = [Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number];
  if (!core.every(Number.isSafeInteger)) return null;
  const pre = m[4] ? m[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [];
  return { core, pre };
}

export function isSemver(v: string): boolean {
  return parseSemver(v) !== null;
}

/** Semver precedence; both arguments must be valid (checked at publish time). */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) throw new Error(`not semver: ${a} / ${b}`);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return Math.sign(x.core[i]! - y.core[i]!);
  if (x.pre.length === 0 || y.pre.length === 0) {
    return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  }
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    if (typeof p === 'number' && typeof q === 'number') return Math.sign(p - q);
    if (typeof p === 'number') return -1;
    if (typeof q === 'number') return 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

const NATIVE = /^\d{1,9}(?:\.\d{1,9}){0,3}$/;

export function isNativeVersion(v: string): boolean {
  return NATIVE.test(v);
}

function nativeParts(v: string | undefined): number[] {
  // A device that sends nothing usable counts as the oldest native shell.
  const m = v ? /^\d{1,9}(?:\.\d{1,9}){0,3}/.exec(v.trim()) : null;
  const parts = m ? m[0].split('.').map(Number) : [];
  while (parts.length < 4) parts.push(0);
  return parts;
}

/** Compares native versions part by part, missing parts as 0 ("1.0" == "1.0.0"). */
export function compareNative(a: string | undefined, b: string | undefined): number {
  const x = nativeParts(a);
  const y = nativeParts(b);
  for (let i = 0; i < 4; i++) if (x[i] !== y[i]) return Math.sign(x[i]! - y[i]!);
  return 0;
}
