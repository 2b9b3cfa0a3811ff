import type { OrderStatus } from '@ex/sdk';

/** The colour of an order status chip: filled green, working amber, cancelled neutral. */
export function statusTone(status: OrderStatus): 'up' | 'warn' | 'flat' {
  if (status === 'filled') return 'up';
  if (status === 'open' || status === 'partially_filled') return 'warn';
  return 'flat';
}
