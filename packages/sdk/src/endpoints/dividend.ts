import type {
  AdminDividendCreate,
  AdminDividendPool,
  AdminDividendPoolList,
  AdminDividendUpdate,
  DividendClaim,
  DividendClaimPage,
  DividendClaimStatus,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

const id = (value: string) => encodeURIComponent(value);

/** Dividend plan (ADR 082); `admin*` need the admin client. */
export function dividendApi(client: Client) {
  return {
    claims: (query?: { status?: DividendClaimStatus; page?: number; limit?: number }, opts?: CallOptions) =>
      client.get<DividendClaimPage>('/api/app/dividends', query, opts),
    claim: (claimId: string, opts?: CallOptions) =>
      client.post<DividendClaim>(`/api/app/dividends/${id(claimId)}/claim`, {}, opts),
    adminPools: (opts?: CallOptions) =>
      client.get<AdminDividendPoolList>('/api/admin/dividends', undefined, opts),
    adminCreate: (body: AdminDividendCreate, opts?: CallOptions) =>
      client.post<AdminDividendPool>('/api/admin/dividends', body, opts),
    /** The plan's title and its map, replaced whole (ADR 243). */
    adminUpdate: (poolId: string, body: AdminDividendUpdate, opts?: CallOptions) =>
      client.post<AdminDividendPool>(`/api/admin/dividends/${id(poolId)}`, body, opts),
  };
}
