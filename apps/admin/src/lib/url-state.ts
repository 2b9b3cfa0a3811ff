import { useSearchParams } from 'react-router';

/** The page sizes a paged console table offers; 20 is the default and stays out of the URL. */
export const LIMITS = [10, 20, 50, 100];
export const DEFAULT_LIMIT = 20;

/** A positive whole number from the URL, or `fallback` (also when it is not one of `allowed`). */
export function readInt(value: string | null, fallback: number, allowed?: number[]): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

/**
 * A console page's state in its URL (so a reload or a shared link shows the same view):
 * `update` sets the given parameters, removes those given as null, undefined or '', keeps the rest,
 * and replaces the history entry instead of adding one.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const update = (next: Record<string, string | null | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === undefined || value === '') merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  return { params, update };
}
