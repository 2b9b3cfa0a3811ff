import type {
  AdminContentCreate,
  AdminContentItem,
  AdminContentPage,
  AdminContentUpdate,
  AdminMessageSend,
  AdminMessageSent,
  CheckinResult,
  CheckinStatus,
  ContentDetail,
  ContentKind,
  ContentPage,
  InviteInfo,
  MessageDetail,
  MessagePage,
  ReadAllResponse,
  UnreadCount,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

type PageParams = { page?: number; limit?: number };
const id = (value: string) => encodeURIComponent(value);

/** Notices, news, in-app messages, check-in, invitations; `admin*` need the admin client. */
export function communityApi(client: Client) {
  return {
    notices: (query?: PageParams, opts?: CallOptions) =>
      client.get<ContentPage>('/api/app/notices', query, opts),
    notice: (noticeId: string, opts?: CallOptions) =>
      client.get<ContentDetail>(`/api/app/notices/${id(noticeId)}`, undefined, opts),
    news: (query?: PageParams, opts?: CallOptions) => client.get<ContentPage>('/api/app/news', query, opts),
    newsItem: (newsId: string, opts?: CallOptions) =>
      client.get<ContentDetail>(`/api/app/news/${id(newsId)}`, undefined, opts),
    messages: (query?: PageParams, opts?: CallOptions) =>
      client.get<MessagePage>('/api/app/messages', query, opts),
    /** Opening marks the message read. */
    message: (messageId: string, opts?: CallOptions) =>
      client.get<MessageDetail>(`/api/app/messages/${id(messageId)}`, undefined, opts),
    readAll: (opts?: CallOptions) => client.post<ReadAllResponse>('/api/app/messages/read-all', {}, opts),
    unreadCount: (opts?: CallOptions) =>
      client.get<UnreadCount>('/api/app/messages/unread-count', undefined, opts),
    checkinStatus: (opts?: CallOptions) => client.get<CheckinStatus>('/api/app/checkin', undefined, opts),
    checkIn: (opts?: CallOptions) => client.post<CheckinResult>('/api/app/checkin', {}, opts),
    invite: (query?: PageParams, opts?: CallOptions) =>
      client.get<InviteInfo>('/api/app/invite', query, opts),
    adminContent: (query?: PageParams & { kind?: ContentKind }, opts?: CallOptions) =>
      client.get<AdminContentPage>('/api/admin/content', query, opts),
    adminCreateContent: (body: AdminContentCreate, opts?: CallOptions) =>
      client.post<AdminContentItem>('/api/admin/content', body, opts),
    adminUpdateContent: (contentId: string, body: AdminContentUpdate, opts?: CallOptions) =>
      client.post<AdminContentItem>(`/api/admin/content/${id(contentId)}`, body, opts),
    adminSendMessage: (body: AdminMessageSend, opts?: CallOptions) =>
      client.post<AdminMessageSent>('/api/admin/messages', body, opts),
  };
}
