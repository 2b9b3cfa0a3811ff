import type { CreateOperatorRequest, OperatorRole } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const operatorsKey = ['admin', 'operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: ({ signal }) => api.admin.operators({ signal }) });
}

export function useOperatorChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'create'; body: CreateOperatorRequest }
        | { kind: 'role'; id: string; role: OperatorRole }
        | { kind: 'disable'; id: string },
    ) =>
      input.kind === 'create'
        ? api.admin.createOperator(input.body)
        : input.kind === 'role'
          ? api.admin.setOperatorRole(input.id, input.role)
          : api.admin.disableOperator(input.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorsKey }),
  });
}
