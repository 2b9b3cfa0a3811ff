import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type {
  BindRequest,
  ChangePasswordRequest,
  TradePasswordRequest,
  UpdateProfileRequest,
} from '../types.ts';

export function userApi(client: Client) {
  return {
    info: (opts?: CallOptions) => call(client, 'userInfo', {}, opts),
    /** Needs a code sent with scene "security" to the user's own account. */
    setTradePassword: (body: TradePasswordRequest, opts?: CallOptions) =>
      call(client, 'tradePassword', { body }, opts),
    /**
     * The server revokes every other token and returns a new one; it is stored here so the session
     * continues instead of ending with a 411 on the next call.
     */
    changePassword: async (body: ChangePasswordRequest, opts?: CallOptions) => {
      const result = await call(client, 'changePassword', { body }, opts);
      client.setToken(result.token);
      return result;
    },
    updateProfile: (body: UpdateProfileRequest, opts?: CallOptions) =>
      call(client, 'profile', { body }, opts),
    /**
     * Binds or changes the e-mail or phone: `code` from `account.sendCode` with scene "bind" to the
     * new address, and when one of that kind is already bound, `old_code` (scene "security") sent to it.
     */
    bind: (body: BindRequest, opts?: CallOptions) => call(client, 'bind', { body }, opts),
    /** My active sessions; `current` marks the one making the call. */
    sessions: (opts?: CallOptions) => call(client, 'sessions', {}, opts),
    revokeSession: (id: string, opts?: CallOptions) =>
      call(client, 'sessionRevoke', { params: { id } }, opts),
    revokeOtherSessions: (opts?: CallOptions) => call(client, 'sessionRevokeOthers', {}, opts),
    loginHistory: (query?: { page?: number; limit?: number }, opts?: CallOptions) =>
      call(client, 'loginHistory', { query }, opts),
  };
}
