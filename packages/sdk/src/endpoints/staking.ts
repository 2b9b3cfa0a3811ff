import type {
  AdminStake,
  AdminStakePage,
  AdminStakeReview,
  AdminStakingProductCreate,
  AdminStakingProductUpdate,
  Stake,
  StakePage,
  StakeRequest,
  StakeStatus,
  StakingProduct,
  StakingProductList,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

const id = (value: string) => encodeURIComponent(value);
type Query = { status?: StakeStatus; page?: number; limit?: number };

/** DeFi staking (ADR 081); `admin*` need the admin client. */
export function stakingApi(client: Client) {
  return {
    products: (opts?: CallOptions) =>
      client.get<StakingProductList>('/api/app/staking/products', undefined, opts),
    stake: (body: StakeRequest, opts?: CallOptions) =>
      client.post<Stake>('/api/app/staking/stakes', body, opts),
    stakes: (query?: Query, opts?: CallOptions) =>
      client.get<StakePage>('/api/app/staking/stakes', query, opts),
    adminProducts: (opts?: CallOptions) =>
      client.get<StakingProductList>('/api/admin/staking/products', undefined, opts),
    adminCreateProduct: (body: AdminStakingProductCreate, opts?: CallOptions) =>
      client.post<StakingProduct>('/api/admin/staking/products', body, opts),
    /** Enable/disable and/or rename; `name_i18n` replaces the whole map (ADR 243). */
    adminUpdateProduct: (productId: string, body: AdminStakingProductUpdate, opts?: CallOptions) =>
      client.post<StakingProduct>(`/api/admin/staking/products/${id(productId)}`, body, opts),
    adminStakes: (query?: Query, opts?: CallOptions) =>
      client.get<AdminStakePage>('/api/admin/staking/stakes', query, opts),
    adminReview: (stakeId: string, body: AdminStakeReview, opts?: CallOptions) =>
      client.post<AdminStake>(`/api/admin/staking/stakes/${id(stakeId)}/review`, body, opts),
    adminSettle: (opts?: CallOptions) =>
      client.post<{ settled: number; outstanding: number }>('/api/admin/staking/settle', {}, opts),
  };
}
