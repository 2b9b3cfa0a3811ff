// Earn records as the API sends them, shared by the earn tests.

/** A fixed time the earn fixtures are stamped from. */
export const T0 = 1_795_000_000_000;

/** An active 30-day USDC stake of 1,234.50 at 300 ppm a day, started at T0. */
export const usdcStake = {
  id: '1',
  product_id: '1',
  product_name: 'USDC Stable 30 days',
  coin: 'USDC',
  amount: '1234.500000',
  days: 30,
  daily_rate_ppm: 300,
  interest: '11.110500',
  status: 'active' as const,
  reason: null,
  created_at: T0,
  due_at: T0 + 30 * 86_400_000,
  settled_at: null,
};
