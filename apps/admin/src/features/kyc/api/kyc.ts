import type { KycReviewStatus } from '@ex/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReviewDecision } from '../../../components/review-table/ReviewDrawer.tsx';
import { api } from '../../../lib/api.ts';

export const kycKey = ['admin', 'kyc'] as const;

export function useKycApplications(page: number, limit: number, status: KycReviewStatus | undefined) {
  return useQuery({
    queryKey: [...kycKey, page, limit, status ?? 'all'],
    queryFn: ({ signal }) => api.kyc.adminList({ page, limit, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecision) =>
      input.decision === 'approve' ? api.kyc.approve(input.id) : api.kyc.reject(input.id, input.reason),
    onSuccess: () => qc.invalidateQueries({ queryKey: kycKey }),
  });
}

/**
 * An identity image through the authenticated endpoint (ADR 061): fetched with the operator token
 * and shown from a local blob address, which is revoked when the drawer changes or closes. Never
 * cached by TanStack Query: a cached blob address would outlive its revocation.
 */
export function useKycImage(url: string | null): { src: string | undefined; failed: boolean } {
  const [state, setState] = useState<{ src: string | undefined; failed: boolean }>({
    src: undefined,
    failed: false,
  });
  useEffect(() => {
    setState({ src: undefined, failed: false });
    if (!url) return;
    const controller = new AbortController();
    let src: string | undefined;
    api.kyc
      .adminImage(url, { signal: controller.signal, dedupe: false })
      .then((blobUrl) => {
        src = blobUrl;
        if (controller.signal.aborted) URL.revokeObjectURL(blobUrl);
        else setState({ src: blobUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: undefined, failed: true });
      });
    return () => {
      controller.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [url]);
  return state;
}
