import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type {
  ClosePositionRequest,
  ContractAmendRequest,
  ContractCancelAllRequest,
  ContractCloseAllRequest,
  ContractOrderRequest,
  ContractOrdersQuery,
  LeverageRequest,
  MarginRequest,
  PositionModeRequest,
  TpslRequest,
} from '../types.ts';

/** Perpetual orders and positions; position ids are `SYMBOL:mode:side`. */
export function contractApi(client: Client) {
  return {
    placeOrder: (body: ContractOrderRequest, opts?: CallOptions) =>
      call(client, 'contractPlaceOrder', { body }, opts),
    orders: (query?: ContractOrdersQuery, opts?: CallOptions) =>
      call(client, 'contractOrders', { query }, opts),
    cancelOrder: (id: string, opts?: CallOptions) =>
      call(client, 'contractCancelOrder', { params: { id } }, opts),
    /** New price and/or open quantity, or a waiting conditional order's trigger. */
    amendOrder: (id: string, body: ContractAmendRequest, opts?: CallOptions) =>
      call(client, 'contractAmendOrder', { params: { id }, body }, opts),
    /** All own open contract orders (resting and conditional), in one market or all. */
    cancelAll: (body: ContractCancelAllRequest = {}, opts?: CallOptions) =>
      call(client, 'contractCancelAll', { body }, opts),
    positions: (opts?: CallOptions) => call(client, 'contractPositions', {}, opts),
    adjustMargin: (id: string, body: MarginRequest, opts?: CallOptions) =>
      call(client, 'contractMargin', { params: { id }, body }, opts),
    setTpsl: (id: string, body: TpslRequest, opts?: CallOptions) =>
      call(client, 'contractTpsl', { params: { id }, body }, opts),
    /** Market close of the whole position unless `body` says otherwise; resolves with the closing order. */
    closePosition: (id: string, body?: ClosePositionRequest, opts?: CallOptions) =>
      call(client, 'contractClose', { params: { id }, body: body ?? {} }, opts),
    /**
     * Market-closes every own position (or those of `body.symbol`), each on its own (ADR 196):
     * resolves with each position's outcome (`closed`, `partly_closed`, `not_closed` and why).
     */
    closeAll: (body: ContractCloseAllRequest = {}, opts?: CallOptions) =>
      call(client, 'contractCloseAll', { body }, opts),
    setLeverage: (body: LeverageRequest, opts?: CallOptions) =>
      call(client, 'contractLeverage', { body }, opts),
    /** `{ mode, can_change }`: hedge (default) or one-way (ADR 180). */
    positionMode: (opts?: CallOptions) => call(client, 'contractPositionMode', {}, opts),
    /** Refused with 2203 while a position, an open order or a waiting stop exists. */
    setPositionMode: (body: PositionModeRequest, opts?: CallOptions) =>
      call(client, 'contractSetPositionMode', { body }, opts),
  };
}
