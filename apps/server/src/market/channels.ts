import { marketBySymbol } from '../engine/markets.ts';
import { INTERVALS } from './data.ts';

/**
 * The public channels of ADR 012, exactly: `ticker`, `depth:<symbol>`, `trades:<symbol>`,
 * `kline:<symbol>:<interval>`, `mark:<perp symbol>`, for configured markets only.
 */
export function isPublicChannel(channel: string): boolean {
  if (channel === 'ticker') return true;
  const parts = channel.split(':');
  const market = parts[1] === undefined ? undefined : marketBySymbol(parts[1]);
  if (market === undefined) return false;
  switch (parts[0]) {
    case 'depth':
    case 'trades':
      return parts.length === 2;
    case 'kline':
      return parts.length === 3 && Object.hasOwn(INTERVALS, parts[2]!);
    case 'mark':
      return parts.length === 2 && market.kind === 'perp';
    default:
      return false;
  }
}
