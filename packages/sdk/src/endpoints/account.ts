import type { CallOptions, Client } from '../client.ts';
import type {
  AreaCode,
  AuthResult,
  Captcha,
  ForgetRequest,
  LoginRequest,
  RegisterRequest,
  SendCodeRequest,
} from '../types.ts';

/**
 * Sign-up, sign-in and recovery. `register` and `login` store the returned token in the client
 * before resolving, and `logout` removes it, so the next call is already (un)authenticated and no
 * caller can forget to.
 */
export function accountApi(client: Client) {
  const signIn = async (promise: Promise<AuthResult>) => {
    const result = await promise;
    client.setToken(result.token);
    return result;
  };
  return {
    /** A fresh image captcha; only needed when `system.config()` says `captcha: true`. */
    captcha: (opts?: CallOptions) =>
      client.post<Captcha>('/api/app/captcha', undefined, { dedupe: false, ...opts }),
    /** Sends a 6-digit code by e-mail or SMS; resolves `null`. */
    sendCode: (body: SendCodeRequest, opts?: CallOptions) =>
      client.post<null>('/api/app/account/captcha', body, opts),
    register: (body: RegisterRequest, opts?: CallOptions) =>
      signIn(client.post<AuthResult>('/api/app/account/register', body, opts)),
    login: (body: LoginRequest, opts?: CallOptions) =>
      signIn(client.post<AuthResult>('/api/app/account/login', body, opts)),
    forget: (body: ForgetRequest, opts?: CallOptions) =>
      client.post<null>('/api/app/account/forget', body, opts),
    /** Ends the session on the server; the local token is removed whatever the answer. */
    logout: async (opts?: CallOptions) => {
      try {
        return await client.post<null>('/api/app/account/logout', undefined, opts);
      } finally {
        client.setToken(null);
      }
    },
    areaCodes: (opts?: CallOptions) => client.get<AreaCode[]>('/api/app/account/area_code', undefined, opts),
  };
}
