import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type { AuthResult, ForgetRequest, LoginRequest, RegisterRequest, SendCodeRequest } from '../types.ts';

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
    captcha: (opts?: CallOptions) => call(client, 'captcha', {}, { dedupe: false, ...opts }),
    /** Sends a 6-digit code by e-mail or SMS; resolves `null`. */
    sendCode: (body: SendCodeRequest, opts?: CallOptions) => call(client, 'sendCode', { body }, opts),
    register: (body: RegisterRequest, opts?: CallOptions) => signIn(call(client, 'register', { body }, opts)),
    login: (body: LoginRequest, opts?: CallOptions) => signIn(call(client, 'login', { body }, opts)),
    forget: (body: ForgetRequest, opts?: CallOptions) => call(client, 'forget', { body }, opts),
    /** Ends the session on the server; the local token is removed whatever the answer. */
    logout: async (opts?: CallOptions) => {
      try {
        return await call(client, 'logout', {}, opts);
      } finally {
        client.setToken(null);
      }
    },
    areaCodes: (opts?: CallOptions) => call(client, 'areaCodes', {}, opts),
  };
}
