// Spot commands as data, for the suites that drive the engine (writer, replica, NATS link) without
// the HTTP layer.
import type { CommandDraft } from '../../src/engine/commands.ts';

/**
 * A limit order on BTC_USDC as the engine takes it: `price` in ticks of 0.01 USDC, `qty` in lots
 * of 0.0001 BTC (98,000.00 USDC is 9,800,000 ticks; 0.01 BTC is 100 lots).
 */
export const spotLimit = (
  userId: string,
  side: 'buy' | 'sell',
  price: number,
  qty: number,
): CommandDraft => ({
  type: 'spotPlace',
  orderType: 'limit',
  userId,
  symbol: 'BTC_USDC',
  side,
  price,
  qty,
});
