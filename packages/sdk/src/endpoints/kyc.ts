import type {
  AdminKycItem,
  AdminKycPage,
  KycImageSide,
  KycInfo,
  KycReviewStatus,
  KycSubmitRequest,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

/** Identity verification for the user, and its review for the operator (admin client). */
export function kycApi(client: Client) {
  return {
    info: (opts?: CallOptions) => client.get<KycInfo>('/api/app/kyc', undefined, opts),
    /** Image fields are ids from `system.upload(file, { purpose: 'kyc' })`. */
    submit: (body: KycSubmitRequest, opts?: CallOptions) => client.post<KycInfo>('/api/app/kyc', body, opts),
    adminList: (
      query?: { page?: number; limit?: number; status?: KycReviewStatus | KycReviewStatus[] },
      opts?: CallOptions,
    ) => client.get<AdminKycPage>('/api/admin/kyc', query, opts),
    /** One of my private uploads as a local (blob) address; revoke it with URL.revokeObjectURL. */
    image: (id: string, opts?: CallOptions) =>
      client.get<string>(`/api/app/images/private/${encodeURIComponent(id)}`, undefined, opts),
    /**
     * One side of an application for the operator, as a local (blob) address. Takes the item's
     * `front_url`/`back_url`/`face_url` (authenticated API paths) or builds it from id and side.
     */
    adminImage: (item: string | { id: string; which: KycImageSide }, opts?: CallOptions) =>
      client.get<string>(
        typeof item === 'string'
          ? item
          : `/api/admin/kyc/${encodeURIComponent(item.id)}/images/${item.which}`,
        undefined,
        opts,
      ),
    approve: (id: string, opts?: CallOptions) =>
      client.post<AdminKycItem>(`/api/admin/kyc/${encodeURIComponent(id)}/approve`, {}, opts),
    reject: (id: string, reason: string, opts?: CallOptions) =>
      client.post<AdminKycItem>(`/api/admin/kyc/${encodeURIComponent(id)}/reject`, { reason }, opts),
  };
}
