import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type {
  AddressCreateRequest,
  AllowlistRequest,
  AntiPhishingRequest,
  BindRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
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
    /** Two-factor authentication (ADR 204): status, enrol (setup then enable), turn off. */
    totpStatus: (opts?: CallOptions) => call(client, 'totpStatus', {}, opts),
    totpSetup: (opts?: CallOptions) => call(client, 'totpSetup', {}, opts),
    totpEnable: (code: string, opts?: CallOptions) => call(client, 'totpEnable', { body: { code } }, opts),
    totpDisable: (code: string, opts?: CallOptions) => call(client, 'totpDisable', { body: { code } }, opts),
    /** 2FA on?, anti-phishing code, allow-list mode and a withdrawal hold (ADR 205, 206). */
    protection: (opts?: CallOptions) => call(client, 'protection', {}, opts),
    setAntiPhishing: (body: AntiPhishingRequest, opts?: CallOptions) =>
      call(client, 'antiPhishing', { body }, opts),
    addresses: (opts?: CallOptions) => call(client, 'addressBook', {}, opts),
    addAddress: (body: AddressCreateRequest, opts?: CallOptions) =>
      call(client, 'addressCreate', { body }, opts),
    removeAddress: (id: string, opts?: CallOptions) =>
      call(client, 'addressDelete', { params: { id } }, opts),
    setAllowlist: (body: AllowlistRequest, opts?: CallOptions) =>
      call(client, 'addressAllowlist', { body }, opts),
    /** Everything the exchange holds about me, as one JSON object (ADR 207). */
    exportData: (opts?: CallOptions) => call(client, 'accountExport', {}, opts),
    /** Closes the account for good (empty balances, no open orders or positions); the session ends. */
    deleteAccount: (body: DeleteAccountRequest, opts?: CallOptions) =>
      call(client, 'accountDelete', { body }, opts),
  };
}
