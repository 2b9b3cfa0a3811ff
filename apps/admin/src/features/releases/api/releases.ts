import type { Page, PageQuery } from '@ex/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, client } from '../../../lib/api.ts';

export type Platform = 'android' | 'ios';

/**
 * A release as `GET /api/admin/releases` lists it. The SDK types it loosely (`Release` plus an
 * index signature); these are the fields the server's `toPublic` sends.
 */
export interface ReleaseRecord {
  id: string;
  platform: Platform;
  version: string;
  min_native_version: string;
  rollout_percent: number;
  release_content: Record<string, string>;
  md5: string;
  sha256: string;
  signature: string;
  size_bytes: number;
  download_path: string;
  created_at: number;
  /** Not sent by the server yet; shown when it is. */
  created_by?: string | null;
}

/** What `POST /api/admin/releases` answers. */
export interface PublishedRelease {
  id: string;
  version: string;
  md5: string;
  sha256: string;
  signature: string;
  download_path: string;
}

export const releasesKey = ['admin', 'releases'] as const;

export function useReleases(page: number, limit: number, platform: Platform | undefined) {
  return useQuery({
    queryKey: [...releasesKey, page, limit, platform ?? 'all'],
    queryFn: async ({ signal }) => {
      // The server filters by platform; the SDK's query type only names page and limit.
      const query: PageQuery & { platform?: Platform } = platform
        ? { page, limit, platform }
        : { page, limit };
      return (await api.admin.releases(query, { signal })) as unknown as Page<ReleaseRecord>;
    },
    placeholderData: keepPreviousData,
  });
}

/** Sends the multipart form built by `buildPublishForm`; the list refetches on success. */
export function usePublishRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData): Promise<PublishedRelease> => api.admin.createRelease(form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releasesKey }),
  });
}

/**
 * `POST /api/admin/releases/:id/rollout`. The SDK has no wrapper for it yet, so this goes through
 * the SDK client (token, language, envelope, toasts) rather than a hand-written fetch.
 */
export function useSetRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rollout_percent }: { id: string; rollout_percent: number }) =>
      client.post<ReleaseRecord>(`/api/admin/releases/${encodeURIComponent(id)}/rollout`, {
        rollout_percent,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releasesKey }),
  });
}
