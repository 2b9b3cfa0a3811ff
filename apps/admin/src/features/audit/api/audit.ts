import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface AuditFilters {
  action?: string;
  target_type?: string;
  target_id?: string;
}

/** The append-only operator audit log, newest first. */
export function useAudit(page: number, limit: number, filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit', page, limit, filters],
    queryFn: ({ signal }) => api.admin.audit({ page, limit, ...filters }, { signal }),
    placeholderData: keepPreviousData,
  });
}
