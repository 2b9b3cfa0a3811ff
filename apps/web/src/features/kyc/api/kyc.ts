import type { KycSubmitRequest } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLang } from '../../../app/lang-context.tsx';
import { api, client } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';

export const kycKeys = {
  info: ['kyc', 'info'] as const,
  countries: (lang: string) => ['kyc', 'countries', lang] as const,
};

/** Countries come back named in the request language, so the language is part of the key. */
export function useCountries() {
  const { lang } = useLang();
  return useQuery({
    queryKey: kycKeys.countries(lang),
    queryFn: ({ signal }) => api.system.countries({ signal }),
    staleTime: 60 * 60_000,
  });
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function useKycInfo() {
  return useQuery({ queryKey: kycKeys.info, queryFn: ({ signal }) => api.kyc.info({ signal }) });
}

export function useSubmitKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: KycSubmitRequest) => api.kyc.submit(body),
    onSuccess: (info) => {
      qc.setQueryData(kycKeys.info, info);
      void qc.invalidateQueries({ queryKey: queryKeys.userInfo });
    },
  });
}

export class UploadError extends Error {}

/**
 * One identity image to `/api/app/images/upload?purpose=kyc` with progress. The preview is the
 * local file, so the private image is never fetched back. fetch() reports no upload progress, so this
 * one call uses XMLHttpRequest with the same headers the SDK sends. A 401/411 is handed to the SDK
 * (a user-info call) so the usual log-out path runs.
 */
export function uploadImage(
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ path: string; url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // Identity documents are private uploads (ADR 061): `path` is an opaque id only this user reads.
    xhr.open('POST', client.url('/api/app/images/upload', { purpose: 'kyc' }));
    const token = window.localStorage.getItem(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', window.localStorage.getItem(STORAGE_KEYS.lang) ?? 'de');
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.max(0, Math.floor((e.loaded * 100) / e.total))));
    };
    xhr.onload = () => {
      let body: { code?: number; message?: string; data?: { path: string; url: string } } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: fall through to the generic message.
      }
      if (xhr.status === 200 && body.code === 0 && body.data) {
        onProgress(100);
        resolve(body.data);
        return;
      }
      if (body.code === 401 || body.code === 411) void api.user.info().catch(() => {});
      reject(new UploadError(body.message ?? ''));
    };
    xhr.onerror = () => reject(new UploadError(''));
    xhr.ontimeout = () => reject(new UploadError(''));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'image');
    xhr.send(form);
  });
}
