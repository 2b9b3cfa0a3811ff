/**
 * Engine owners of the market-maker bot. They are not rows in `users` (nobody logs in as them), so
 * they can never collide with a user id (those are numbers).
 */
export const MM_USER = 'mm';
export const TAKER_USER = 'mm-taker';
export const BOT_USERS: ReadonlySet<string> = new Set([MM_USER, TAKER_USER]);
