import { z } from 'zod';

// API keys for programmatic trading (issue 12 item 4, ADR 202). The secret is shown once, in the
// answer to the create call; every later listing shows the key id and its settings only.

export const ApiKeyPermission = z.enum(['read', 'trade', 'withdraw']);
export type ApiKeyPermission = z.infer<typeof ApiKeyPermission>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]{2,39}$/;

export const ApiKeyCreateRequest = z.strictObject({
  label: z.string().trim().min(1).max(40),
  permissions: z.array(ApiKeyPermission).min(1).max(3),
  /** Empty or absent: any address. Otherwise only these exact addresses may use the key. */
  ip_allow: z
    .array(
      z.string().refine((v) => IPV4.test(v) || (v.includes(':') && IPV6.test(v)), {
        error: 'validation.invalid_format',
      }),
    )
    .max(20)
    .optional(),
  /** Days until the key stops working; absent: no expiry. */
  expires_in_days: z.number().int().min(1).max(365).optional(),
  /** The login password again: a stolen session alone cannot mint a key (ADR 202). */
  password: z.string().min(1).max(64),
  /** Required once two-factor authentication is on: a TOTP or a recovery code (ADR 204). */
  totp_code: z.string().min(6).max(10).optional(),
});
export type ApiKeyCreateRequest = z.infer<typeof ApiKeyCreateRequest>;

export const ApiKey = z.object({
  id: z.string(),
  label: z.string(),
  api_key: z.string(),
  permissions: z.array(ApiKeyPermission),
  ip_allow: z.array(z.string()),
  expires_at: z.number().int().nullable(),
  last_used_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyCreated = ApiKey.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyList = z.array(ApiKey);
export const ApiKeyIdParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

/** Request headers of a signed call (see docs/api.md). */
export const API_KEY_HEADERS = {
  key: 'x-ex-apikey',
  timestamp: 'x-ex-timestamp',
  recvWindow: 'x-ex-recv-window',
  signature: 'x-ex-signature',
} as const;

/** Default and largest receive window in milliseconds. */
export const API_RECV_WINDOW_MS = { default: 5_000, max: 60_000 } as const;

/**
 * The text that is signed: timestamp, method, path with query, receive window and the raw body,
 * joined by newlines. HMAC-SHA256 with the secret, lower-case hex.
 */
export function apiSignPayload(p: {
  timestamp: string;
  method: string;
  path: string;
  recvWindow: string;
  body: string;
}): string {
  return [p.timestamp, p.method.toUpperCase(), p.path, p.recvWindow, p.body].join('\n');
}
