import type {
  AuditPage,
  AuditQuery,
  BanUserRequest,
  CreateOperatorRequest,
  Dashboard,
  MarketParamsRequest,
  MarketSetting,
  MarketSettingList,
  Operator,
  OperatorList,
  OperatorRole,
  UnbanUserRequest,
  UserDetail,
  UserSummary,
  UserSummaryPage,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type {
  AdminLoginRequest,
  ChainDepositRequest,
  Page,
  PageQuery,
  Release,
  ReviewRecord,
} from '../types.ts';

/**
 * The operator API. Admin tokens are a separate kind: build the admin console's client with its own
 * `tokenKey` (`admin_token`) so it never sends or removes the user's token.
 */
export function adminApi(client: Client) {
  return {
    /** Stores the operator token in the client before resolving. */
    login: async (body: AdminLoginRequest, opts?: CallOptions) => {
      const result = await call(client, 'adminLogin', { body }, opts);
      client.setToken(result.token);
      return result;
    },
    /** Codes and mails the embedded sender wrote instead of sending, newest first. */
    outbox: (query?: PageQuery, opts?: CallOptions) => call(client, 'adminOutbox', { query }, opts),
    chainDeposit: (body: ChainDepositRequest, opts?: CallOptions) =>
      client.post<unknown>('/api/admin/chain/deposit', body, opts),
    withdrawals: (query?: PageQuery & { status?: string | string[] }, opts?: CallOptions) =>
      client.get<Page<ReviewRecord>>('/api/admin/withdrawals', query, opts),
    approveWithdrawal: (id: string, opts?: CallOptions) =>
      client.post<ReviewRecord>(`/api/admin/withdrawals/${encodeURIComponent(id)}/approve`, {}, opts),
    rejectWithdrawal: (id: string, body: { reason: string }, opts?: CallOptions) =>
      client.post<ReviewRecord>(`/api/admin/withdrawals/${encodeURIComponent(id)}/reject`, body, opts),
    kyc: (query?: PageQuery & { status?: string | string[] }, opts?: CallOptions) =>
      client.get<Page<ReviewRecord>>('/api/admin/kyc', query, opts),
    approveKyc: (id: string, opts?: CallOptions) =>
      client.post<ReviewRecord>(`/api/admin/kyc/${encodeURIComponent(id)}/approve`, {}, opts),
    rejectKyc: (id: string, body: { reason: string }, opts?: CallOptions) =>
      client.post<ReviewRecord>(`/api/admin/kyc/${encodeURIComponent(id)}/reject`, body, opts),
    /** The reason is required (3 to 500 characters); the audit log keeps it (ADR 265). */
    banUser: (id: string, body: BanUserRequest, opts?: CallOptions) =>
      call(client, 'adminBanUser', { params: { id }, body }, opts),
    // ---- operator console (issue 10 item 4) ----
    dashboard: (opts?: CallOptions) => client.get<Dashboard>('/api/admin/dashboard', undefined, opts),
    /** `q`: an e-mail or phone (part) or a numeric UID. */
    users: (query?: { page?: number; limit?: number; q?: string }, opts?: CallOptions) =>
      client.get<UserSummaryPage>('/api/admin/users', query, opts),
    user: (id: string, opts?: CallOptions) =>
      client.get<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, undefined, opts),
    unbanUser: (id: string, body: NonNullable<UnbanUserRequest> = {}, opts?: CallOptions) =>
      client.post<UserSummary>(`/api/admin/users/${encodeURIComponent(id)}/unban`, body, opts),
    revokeUserSessions: (id: string, opts?: CallOptions) =>
      client.post<UserSummary>(`/api/admin/users/${encodeURIComponent(id)}/revoke-sessions`, {}, opts),
    markets: (opts?: CallOptions) => client.get<MarketSettingList>('/api/admin/markets', undefined, opts),
    pauseMarket: (symbol: string, body: { reason: string }, opts?: CallOptions) =>
      client.post<MarketSetting>(`/api/admin/markets/${encodeURIComponent(symbol)}/pause`, body, opts),
    resumeMarket: (symbol: string, opts?: CallOptions) =>
      client.post<MarketSetting>(`/api/admin/markets/${encodeURIComponent(symbol)}/resume`, {}, opts),
    /** Fees (decimal fractions) and/or a perpetual's leverage list (ADR 154); admin only. */
    setMarketParams: (symbol: string, body: MarketParamsRequest, opts?: CallOptions) =>
      client.post<MarketSetting>(`/api/admin/markets/${encodeURIComponent(symbol)}/params`, body, opts),
    audit: (query?: Partial<AuditQuery>, opts?: CallOptions) =>
      client.get<AuditPage>('/api/admin/audit', query, opts),
    operators: (opts?: CallOptions) => client.get<OperatorList>('/api/admin/operators', undefined, opts),
    createOperator: (body: CreateOperatorRequest, opts?: CallOptions) =>
      client.post<Operator>('/api/admin/operators', body, opts),
    setOperatorRole: (id: string, role: OperatorRole, opts?: CallOptions) =>
      client.post<Operator>(`/api/admin/operators/${encodeURIComponent(id)}/role`, { role }, opts),
    disableOperator: (id: string, opts?: CallOptions) =>
      client.post<Operator>(`/api/admin/operators/${encodeURIComponent(id)}/disable`, {}, opts),
    releases: (query?: PageQuery, opts?: CallOptions) =>
      client.get<Page<Release>>('/api/admin/releases', query, opts),
    /** `form` holds `bundle` (zip) and the fields `version`, `platform`, `min_native_version`, `rollout_percent`, `release_content`. */
    createRelease: (form: FormData, opts?: CallOptions) =>
      client.post<Release>('/api/admin/releases', form, opts),
  };
}
