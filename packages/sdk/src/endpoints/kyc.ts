import type { AdminKycItem, AdminKycPage, KycInfo, KycReviewStatus, KycSubmitRequest } from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

/** Identity verification for the user, and its review for the operator (admin client). */
export function kycApi(client: Client) {
  return {
    info: (opts?: CallOptions) => client.get<KycInfo>('/api/app/kyc', undefined, opts),
    /** Image fields are `path`s from `system.upload`. */
    submit: (body: KycSubmitRequest, opts?: CallOptions) => client.post<KycInfo>('/api/app/kyc', body, opts),
    adminList: (
      query?: { page?: number; limit?: number; status?: KycReviewStatus | KycReviewStatus[] },
      opts?: CallOptions,
    ) => client.get<AdminKycPage>('/api/admin/kyc', query, opts),
    approve: (id: string, opts?: CallOptions) =>
      client.post<AdminKycItem>(`/api/admin/kyc/${encodeURIComponent(id)}/approve`, {}, opts),
    reject: (id: string, reason: string, opts?: CallOptions) =>
      client.post<AdminKycItem>(`/api/admin/kyc/${encodeURIComponent(id)}/reject`, { reason }, opts),
  };
}
