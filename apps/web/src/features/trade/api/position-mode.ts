import type { PositionModeRequest } from '@ex/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { hasToken } from '../../../lib/storage.ts';

const KEY = ['contract', 'position-mode'] as const;

/**
 * The user's position mode (hedge, the default, or one-way; ADR 180) and whether it can change now
 * (not with a position, an open order or a waiting stop). Read again when the sheet opens.
 */
export function usePositionMode() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.contract.positionMode({ signal }),
    enabled: hasToken(window.localStorage),
    staleTime: 30_000,
  });
}

export function useSetPositionMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PositionModeRequest) => api.contract.setPositionMode(body),
    onSuccess: (data) => qc.setQueryData(KEY, data),
    // A refusal (2203: something is open) is toasted by the SDK; the flag is read again.
    onError: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
