import type { AdminContentCreate, AdminContentUpdate, AdminMessageSend, ContentKind } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const contentKey = ['admin', 'content'] as const;

export function useContentItems(kind: ContentKind, page: number, limit: number) {
  return useQuery({
    queryKey: [...contentKey, kind, page, limit],
    queryFn: ({ signal }) => api.community.adminContent({ kind, page, limit }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: AdminContentUpdate } | { id: null; body: AdminContentCreate }) =>
      input.id === null
        ? api.community.adminCreateContent(input.body)
        : api.community.adminUpdateContent(input.id, input.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: contentKey }),
  });
}

export function useSendMessage() {
  return useMutation({ mutationFn: (body: AdminMessageSend) => api.community.adminSendMessage(body) });
}
