import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const outboxKey = (page: number, limit: number) => ['admin', 'outbox', page, limit] as const;

/** One page of sent codes and mails; `refetchMs` polls so a tester sees a new code without clicking. */
export function useOutbox(page: number, limit: number, refetchMs: number | false) {
  return useQuery({
    queryKey: outboxKey(page, limit),
    queryFn: ({ signal }) => api.admin.outbox({ page, limit }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });
}
