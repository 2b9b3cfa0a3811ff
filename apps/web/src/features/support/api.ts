import type { AppealReceived, AppealRequest } from '@ex/contract';
import type { TicketCreateRequest, TicketReplyRequest } from '@ex/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, client } from '../../lib/api.ts';

export const supportKeys = {
  faq: (lang: string) => ['support', 'faq', lang] as const,
  tickets: ['support', 'tickets'] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  unread: ['support', 'unread'] as const,
};

export function useFaq(lang: string) {
  return useQuery({ queryKey: supportKeys.faq(lang), queryFn: ({ signal }) => api.support.faq({ signal }) });
}

export function useTickets() {
  return useQuery({
    queryKey: supportKeys.tickets,
    queryFn: ({ signal }) => api.support.tickets({ page: 1, limit: 50 }, { signal }),
  });
}

/** Opening a ticket marks replies read: the Home dot and the list refresh after. */
export function useTicket(id: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: async ({ signal }) => {
      const t = await api.support.ticket(id, { signal });
      void qc.invalidateQueries({ queryKey: supportKeys.unread });
      void qc.invalidateQueries({ queryKey: supportKeys.tickets });
      return t;
    },
    enabled: id !== '',
  });
}

export function useTicketChange() {
  const qc = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (b: TicketCreateRequest) => api.support.create(b),
      onSuccess: () => qc.invalidateQueries({ queryKey: supportKeys.tickets }),
    }),
    reply: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TicketReplyRequest }) => api.support.reply(id, body),
      onSuccess: (t) => {
        qc.setQueryData(supportKeys.ticket(t.id), t);
        void qc.invalidateQueries({ queryKey: supportKeys.tickets });
      },
    }),
  };
}

/** One of my private uploads as a local address (the image needs the bearer token). */
export function usePrivateImage(id: string | null): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    let url: string | undefined;
    api.kyc
      .image(id, { signal: controller.signal })
      .then((u) => {
        url = u;
        if (!controller.signal.aborted) setSrc(u);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return src;
}

/**
 * A disabled account's appeal, sent without a session from the login screen (ADR 268). The server
 * answers the same whatever account is named; 422 for a bad field, 429 after a few an hour.
 */
export function useAppeal() {
  return useMutation({
    mutationFn: (body: AppealRequest) => client.post<AppealReceived>('/api/app/support/appeal', body),
  });
}
