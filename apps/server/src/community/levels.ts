/**
 * Membership level from total points (ADR 071): the index of the highest threshold reached.
 * Level 0 is every new member; the label is all a level does (spec section 8).
 */
export const LEVEL_THRESHOLDS = [0, 100, 500, 2_000, 5_000, 10_000] as const;

export function levelFor(points: number): number {
  let level = 0;
  for (let i = 0; i < LEVEL_THRESHOLDS.length; i++) if (points >= LEVEL_THRESHOLDS[i]!) level = i;
  return level;
}

/** Points still missing to the next level, or null at the top. */
export function pointsToNextLevel(points: number): number | null {
  const next = LEVEL_THRESHOLDS.find((t) => t > points);
  return next === undefined ? null : next - points;
}
