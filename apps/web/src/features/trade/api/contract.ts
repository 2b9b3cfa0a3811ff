import type {
  ContractAmendRequest,
  ContractOrdersQuery,
  LeverageRequest,
  MarginRequest,
  TpslRequest,
} from '@ex/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { hasToken } from '../../../lib/storage.ts';
import { POLL_MS, streamKeys, useStreamStatus } from '../../stream/hooks.ts';
import { useInvalidate, useOpenOrders, useOrderHistory, usePlaceOrder } from './orders.ts';

export function useLeverages() {
  return useQuery({
    queryKey: ['market', 'leverages'],
    queryFn: ({ signal }) => api.market.leverages({ signal }),
    // An operator can change a market's list (ADR 154): read again after a minute, not ten.
    staleTime: 60_000,
  });
}

export function useFunding(symbol: string | undefined) {
  return useQuery({
    queryKey: ['market', 'funding', symbol ?? ''],
    queryFn: ({ signal }) => api.market.funding({ symbol: symbol ?? '' }, { signal }),
    enabled: Boolean(symbol),
    refetchInterval: 10_000,
  });
}

export function usePositions() {
  const status = useStreamStatus();
  return useQuery({
    queryKey: streamKeys.positions,
    queryFn: ({ signal }) => api.contract.positions({ signal }),
    enabled: hasToken(window.localStorage),
    // Mark price and PnL move with the market even without a position push.
    refetchInterval: status === 'open' ? 5_000 : POLL_MS,
  });
}

export function useOpenContractOrders(symbol?: string) {
  return useOpenOrders(streamKeys.contractOrders, symbol, api.contract.orders);
}

export function useContractHistory(query: Omit<ContractOrdersQuery, 'page' | 'limit'>) {
  return useOrderHistory(streamKeys.contractOrders, query, api.contract.orders);
}

const useInvalidateContract = () =>
  useInvalidate(streamKeys.contractOrders, streamKeys.positions, streamKeys.wallet);

export function usePlaceContractOrder() {
  return usePlaceOrder(api.contract.placeOrder, useInvalidateContract());
}

export function useCancelContractOrder() {
  const done = useInvalidateContract();
  return useMutation({ mutationFn: (id: string) => api.contract.cancelOrder(id), onSuccess: done });
}

export function useAmendContractOrder() {
  const done = useInvalidateContract();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractAmendRequest }) =>
      api.contract.amendOrder(id, body),
    onSuccess: done,
  });
}

export function useCancelAllContract() {
  const done = useInvalidateContract();
  return useMutation({
    mutationFn: (symbol?: string) => api.contract.cancelAll(symbol ? { symbol } : {}),
    onSuccess: done,
  });
}

export function useSetLeverage() {
  const done = useInvalidateContract();
  return useMutation({
    mutationFn: (body: LeverageRequest) => api.contract.setLeverage(body),
    onSuccess: done,
  });
}

export function useAdjustMargin() {
  const done = useInvalidateContract();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MarginRequest }) => api.contract.adjustMargin(id, body),
    onSuccess: done,
  });
}

export function useSetTpsl() {
  const done = useInvalidateContract();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TpslRequest }) => api.contract.setTpsl(id, body),
    onSuccess: done,
  });
}

export function useClosePosition() {
  const done = useInvalidateContract();
  return useMutation({
    mutationFn: (id: string) => api.contract.closePosition(id, { type: 'market' }),
    onSuccess: done,
  });
}
