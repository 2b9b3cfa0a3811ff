import type {
  AdminOtcOrder,
  AdminOtcOrderPage,
  OtcAd,
  OtcAdCreate,
  OtcAdList,
  OtcOrder,
  OtcOrderPage,
  OtcOrderRequest,
  OtcReview,
  OtcStatus,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

type PageParams = { page?: number; limit?: number };
const id = (value: string) => encodeURIComponent(value);

/** OTC desk; `admin*` need the admin client. */
export function otcApi(client: Client) {
  return {
    ads: (opts?: CallOptions) => client.get<OtcAdList>('/api/app/otc/ads', undefined, opts),
    place: (body: OtcOrderRequest, opts?: CallOptions) =>
      client.post<OtcOrder>('/api/app/otc/orders', body, opts),
    orders: (query?: PageParams, opts?: CallOptions) =>
      client.get<OtcOrderPage>('/api/app/otc/orders', query, opts),
    order: (orderId: string, opts?: CallOptions) =>
      client.get<OtcOrder>(`/api/app/otc/orders/${id(orderId)}`, undefined, opts),
    adminAds: (opts?: CallOptions) => client.get<OtcAdList>('/api/admin/otc/ads', undefined, opts),
    adminCreateAd: (body: OtcAdCreate, opts?: CallOptions) =>
      client.post<OtcAd>('/api/admin/otc/ads', body, opts),
    adminSetAdActive: (adId: string, active: boolean, opts?: CallOptions) =>
      client.post<OtcAd>(`/api/admin/otc/ads/${id(adId)}`, { active }, opts),
    adminOrders: (query?: PageParams & { status?: OtcStatus }, opts?: CallOptions) =>
      client.get<AdminOtcOrderPage>('/api/admin/otc/orders', query, opts),
    adminReview: (orderId: string, body: OtcReview, opts?: CallOptions) =>
      client.post<AdminOtcOrder>(`/api/admin/otc/orders/${id(orderId)}/review`, body, opts),
  };
}
