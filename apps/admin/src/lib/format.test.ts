import { describe, expect, it } from 'vitest';
import { timeAgo } from './format.ts';

describe('timeAgo', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    [now, 'now'],
    [now - 5_000, '5 seconds ago'],
    [now - 3 * 60_000, '3 minutes ago'],
    [now - 2 * 3_600_000, '2 hours ago'],
    [now - 86_400_000, 'yesterday'],
    [now - 3 * 86_400_000, '3 days ago'],
  ])('%i -> %s', (at, text) => {
    expect(timeAgo(at, now)).toBe(text);
  });
});
