import type {
  AdminAiProductCreate,
  AdminAiProductUpdate,
  AdminTreasuryFund,
  AiAccrualResult,
  AiOrder,
  AiOrderPage,
  AiProduct,
  AiProductList,
  AiSubscribeRequest,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

const id = (value: string) => encodeURIComponent(value);

/** AI quantified savings (ADR 080); `admin*` need the admin client. */
export function aiApi(client: Client) {
  return {
    products: (opts?: CallOptions) => client.get<AiProductList>('/api/app/ai/products', undefined, opts),
    subscribe: (body: AiSubscribeRequest, opts?: CallOptions) =>
      client.post<AiOrder>('/api/app/ai/subscribe', body, opts),
    orders: (query?: { tab?: 'active' | 'settled'; page?: number; limit?: number }, opts?: CallOptions) =>
      client.get<AiOrderPage>('/api/app/ai/orders', query, opts),
    order: (orderId: string, opts?: CallOptions) =>
      client.get<AiOrder>(`/api/app/ai/orders/${id(orderId)}`, undefined, opts),
    redeem: (orderId: string, opts?: CallOptions) =>
      client.post<AiOrder>(`/api/app/ai/orders/${id(orderId)}/redeem`, {}, opts),
    adminProducts: (opts?: CallOptions) =>
      client.get<AiProductList>('/api/admin/ai/products', undefined, opts),
    adminCreateProduct: (body: AdminAiProductCreate, opts?: CallOptions) =>
      client.post<AiProduct>('/api/admin/ai/products', body, opts),
    adminSetEnabled: (productId: string, enabled: boolean, opts?: CallOptions) =>
      client.post<AiProduct>(`/api/admin/ai/products/${id(productId)}`, { enabled }, opts),
    /** Enable/disable and/or rename; `name_i18n` replaces the whole map (ADR 243). */
    adminUpdateProduct: (productId: string, body: AdminAiProductUpdate, opts?: CallOptions) =>
      client.post<AiProduct>(`/api/admin/ai/products/${id(productId)}`, body, opts),
    adminFundTreasury: (body: AdminTreasuryFund, opts?: CallOptions) =>
      client.post<{ coin: string; amount: string }>('/api/admin/earn/treasury', body, opts),
    adminAccrue: (opts?: CallOptions) => client.post<AiAccrualResult>('/api/admin/ai/accrue', {}, opts),
  };
}
