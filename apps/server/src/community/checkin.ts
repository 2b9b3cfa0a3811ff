import type { CheckinResult, CheckinStatus } from '@ex/contract';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { AppError } from '../http/errors.ts';
import { levelFor, pointsToNextLevel } from './levels.ts';
import type { CommunityDb } from './tables.ts';

export const DAY_MS = 86_400_000;
/** Points of an ordinary check-in, and the bonus on every 7th consecutive day (ADR 071). */
export const CHECKIN_POINTS = 10;
export const STREAK_BONUS = 40;
export const STREAK_CYCLE = 7;

/** The UTC day number of a time: check-ins reset at 00:00 UTC for everyone (ADR 071). */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function pointsForStreak(streak: number): number {
  return CHECKIN_POINTS + (streak % STREAK_CYCLE === 0 ? STREAK_BONUS : 0);
}

/** Daily check-in: one row per user and UTC day; the points go through `points_ledger`. */
export class CheckinService {
  constructor(
    private readonly db: CommunityDb,
    private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<CheckinStatus> {
    const today = utcDay(this.clock.now());
    const [rows, user] = await Promise.all([
      this.db
        .selectFrom('checkins')
        .select(['day', 'streak', 'points'])
        .where('user_id', '=', userId)
        .where('day', '>', today - STREAK_CYCLE)
        .where('day', '<=', today)
        .execute(),
      this.db
        .selectFrom('users')
        .select(['points', 'member_level'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const todayRow = byDay.get(today);
    // A streak still counts while today is open: it breaks only when yesterday was missed too.
    const streak = todayRow?.streak ?? byDay.get(today - 1)?.streak ?? 0;
    const days = [];
    for (let d = today - STREAK_CYCLE + 1; d <= today; d++) {
      const r = byDay.get(d);
      days.push({ date: d * DAY_MS, checked: r !== undefined, points: r?.points ?? 0 });
    }
    return {
      checked_in_today: todayRow !== undefined,
      streak,
      next_points: pointsForStreak(streak + 1),
      points: user.points,
      member_level: user.member_level,
      next_level_points: pointsToNextLevel(user.points),
      days,
    };
  }

  /**
   * Checks the caller in for today. The (user, day) primary key decides a race between two taps:
   * the loser inserts nothing and gets ALREADY_CHECKED_IN with nothing changed.
   */
  async checkIn(userId: string): Promise<CheckinResult> {
    const now = this.clock.now();
    const today = utcDay(now);
    const credited = await this.db.transaction().execute(async (trx) => {
      const yesterday = await trx
        .selectFrom('checkins')
        .select('streak')
        .where('user_id', '=', userId)
        .where('day', '=', today - 1)
        .executeTakeFirst();
      const streak = (yesterday?.streak ?? 0) + 1;
      const points = pointsForStreak(streak);
      const inserted = await trx
        .insertInto('checkins')
        .values({ user_id: userId, day: today, streak, points, created_at: String(now) })
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!inserted) throw new AppError('ALREADY_CHECKED_IN');
      const user = await trx
        .updateTable('users')
        .set({ points: sql<number>`points + ${points}` })
        .where('id', '=', userId)
        .returning('points')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ member_level: levelFor(user.points) })
        .where('id', '=', userId)
        .execute();
      await trx
        .insertInto('points_ledger')
        .values({
          user_id: userId,
          amount: points,
          balance_after: user.points,
          reason: 'checkin',
          ref: `${userId}:${today}`,
          created_at: String(now),
        })
        .execute();
      return points;
    });
    return { ...(await this.status(userId)), credited };
  }
}
