// The futures API as the contract suites call it: orders, order history, positions and balances,
// typed with the API's own shapes (@ex/contract), so each suite states only what its case changes.
import type { Balances, ContractOrder, Position } from '@ex/contract';
import { expect } from 'vitest';
import type { Reply, TestApp } from './testApp.ts';

export const PERP = 'BTC_USDC_PERP';

/** A registered user: the session token and the user id (what `contractTrader` returns). */
export interface Trader {
  token: string;
  id: string;
}

/**
 * Places a contract order through the API: BTC_USDC_PERP, limit, cross margin and 10x unless
 * `body` names its own (a key set in `body` wins, so a suite can send any field wrong on purpose);
 * messages in English.
 */
export const placeContractOrder = (
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<Reply<ContractOrder>> =>
  t.call<ContractOrder>('POST', '/api/app/contract/orders', {
    token,
    body: { symbol: PERP, type: 'limit', leverage: 10, margin_mode: 'cross', ...body },
    lang: 'en',
  });

/** The user's contract order history, newest first (up to 50 rows). */
export const contractHistory = async (t: TestApp, token: string): Promise<ContractOrder[]> =>
  (
    await t.call<{ list: ContractOrder[] }>('GET', '/api/app/contract/orders?status=history&limit=50', {
      token,
    })
  ).body.data.list;

/** The user's open positions (GET /api/app/contract/positions). */
export const contractPositions = async (t: TestApp, token: string): Promise<Position[]> =>
  (await t.call<Position[]>('GET', '/api/app/contract/positions', { token })).body.data;

/** The user's spot and futures balances (GET /api/app/wallet/balances). */
export const walletBalances = async (t: TestApp, token: string): Promise<Balances> =>
  (await t.call<Balances>('GET', '/api/app/wallet/balances', { token })).body.data;

/**
 * `contractTrader`'s options for a small futures account: 10,000 USDC deposited on spot, 1,000 of
 * it moved to the contract wallet (the contract and futures-balances suites derive their figures
 * from these 1,000).
 */
export const SMALL_ACCOUNT = { deposit: 10_000_000_000n, toContract: '1000' };

/**
 * `taker` opens a position at market against a limit order `maker` rests first at `price` (the
 * other side, cross, 10x): the maker's order must rest (`open`) and the taker's fill whole
 * (`filled`). `leverage` and `margin_mode` are the taker's (10x cross by default).
 */
export async function openAtMarket(
  t: TestApp,
  maker: Trader,
  taker: Trader,
  o: { side: 'long' | 'short'; price: string; quantity: string; leverage?: number; margin_mode?: string },
): Promise<void> {
  const ask = await placeContractOrder(t, maker.token, {
    action: o.side === 'long' ? 'open_short' : 'open_long',
    price: o.price,
    quantity: o.quantity,
  });
  expect(ask.body.data.status).toBe('open');
  const fill = await placeContractOrder(t, taker.token, {
    action: `open_${o.side}`,
    type: 'market',
    quantity: o.quantity,
    leverage: o.leverage ?? 10,
    ...(o.margin_mode === undefined ? {} : { margin_mode: o.margin_mode }),
  });
  expect(fill.body.data.status).toBe('filled');
}
