import type { ContentKind, ContentPage } from '@ex/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLang } from '../../../app/lang-context.tsx';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';

// Content and messages come back in the request language, so the language is part of their keys.
export const communityKeys = {
  content: (kind: ContentKind, lang: string, limit: number) => ['community', kind, lang, limit] as const,
  pages: (kind: ContentKind, lang: string) => ['community', kind, 'pages', lang] as const,
  item: (kind: ContentKind, id: string, lang: string) => ['community', kind, 'item', id, lang] as const,
  messages: ['community', 'messages'] as const,
  message: (id: string, lang: string) => ['community', 'messages', 'item', id, lang] as const,
  unread: ['community', 'messages', 'unread'] as const,
  checkin: ['community', 'checkin'] as const,
  invite: ['community', 'invite'] as const,
};

export function useContentList(kind: ContentKind, limit = 5) {
  const { lang } = useLang();
  return useQuery({
    queryKey: communityKeys.content(kind, lang, limit),
    queryFn: ({ signal }) =>
      kind === 'notice'
        ? api.community.notices({ limit }, { signal })
        : api.community.news({ limit }, { signal }),
    staleTime: 60_000,
  });
}

/** Rows per page of /Notices: a phone screen and a half, so the next page loads before the end shows. */
export const CONTENT_PAGE_SIZE = 20;

/** The next page number while the server has more, else undefined (ends the infinite list). */
export function nextContentPage(last: ContentPage): number | undefined {
  return last.list.length > 0 && last.page * last.limit < last.total ? last.page + 1 : undefined;
}

/** Every published notice or news item, newest first, page by page (/Notices). */
export function useContentPages(kind: ContentKind) {
  const { lang } = useLang();
  return useInfiniteQuery({
    queryKey: communityKeys.pages(kind, lang),
    queryFn: ({ pageParam, signal }) => {
      const query = { page: pageParam, limit: CONTENT_PAGE_SIZE };
      return kind === 'notice'
        ? api.community.notices(query, { signal })
        : api.community.news(query, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: nextContentPage,
    staleTime: 60_000,
  });
}

export function useContentItem(kind: ContentKind, id: string) {
  const { lang } = useLang();
  return useQuery({
    queryKey: communityKeys.item(kind, id, lang),
    queryFn: ({ signal }) =>
      kind === 'notice' ? api.community.notice(id, { signal }) : api.community.newsItem(id, { signal }),
    enabled: id !== '',
    retry: false,
  });
}

export function useMessages() {
  const { lang } = useLang();
  return useQuery({
    queryKey: [...communityKeys.messages, lang],
    queryFn: ({ signal }) => api.community.messages({ limit: 50 }, { signal }),
  });
}

/** Opening marks the message read on the server, so the list and the dot are refreshed after. */
export function useMessage(id: string) {
  const { lang } = useLang();
  const qc = useQueryClient();
  return useQuery({
    queryKey: communityKeys.message(id, lang),
    queryFn: async ({ signal }) => {
      const m = await api.community.message(id, { signal });
      void qc.invalidateQueries({ queryKey: communityKeys.unread });
      void qc.invalidateQueries({ queryKey: communityKeys.messages, exact: false, refetchType: 'none' });
      return m;
    },
    enabled: id !== '',
    retry: false,
  });
}

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: communityKeys.unread,
    queryFn: ({ signal }) => api.community.unreadCount({ signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useReadAll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.community.readAll(),
    onSuccess: () => qc.invalidateQueries({ queryKey: communityKeys.messages }),
  });
}

export function useCheckin() {
  return useQuery({
    queryKey: communityKeys.checkin,
    queryFn: ({ signal }) => api.community.checkinStatus({ signal }),
  });
}

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.community.checkIn(),
    onSuccess: (result) => {
      qc.setQueryData(communityKeys.checkin, result);
      void qc.invalidateQueries({ queryKey: queryKeys.userInfo });
    },
    onError: () => qc.invalidateQueries({ queryKey: communityKeys.checkin }),
  });
}

export function useInvite() {
  return useQuery({
    queryKey: communityKeys.invite,
    queryFn: ({ signal }) => api.community.invite({ limit: 50 }, { signal }),
  });
}
