import type { CallOptions, Client } from '../client.ts';
import type { ChangePasswordRequest, TradePasswordRequest, UpdateProfileRequest, User } from '../types.ts';

export function userApi(client: Client) {
  return {
    info: (opts?: CallOptions) => client.get<User>('/api/app/user/info', undefined, opts),
    /** Needs a code sent with scene "security" to the user's own account. */
    setTradePassword: (body: TradePasswordRequest, opts?: CallOptions) =>
      client.post<null>('/api/app/user/trade-password', body, opts),
    /**
     * The server revokes every other token and returns a new one; it is stored here so the session
     * continues instead of ending with a 411 on the next call.
     */
    changePassword: async (body: ChangePasswordRequest, opts?: CallOptions) => {
      const result = await client.post<{ token: string }>('/api/app/user/password', body, opts);
      client.setToken(result.token);
      return result;
    },
    updateProfile: (body: UpdateProfileRequest, opts?: CallOptions) =>
      client.post<User>('/api/app/user/profile', body, opts),
  };
}
