import { z } from 'zod';

export const AppConfig = z.object({
  captcha: z.boolean(),
  image_base_url: z.string(),
  langs: z.array(z.string()),
  default_lang: z.literal('de'),
  server_time: z.number().int(),
  /**
   * Hosts the in-app browser (/WebView) may show besides the app's own origin: the image host and
   * whatever the operator configures (WEBVIEW_HOSTS). Optional so an older server still parses.
   */
  webview_hosts: z.array(z.string()).optional(),
});
export type AppConfig = z.infer<typeof AppConfig>;

export const CaptchaResponse = z.object({ key: z.string(), image: z.string() });
export type CaptchaResponse = z.infer<typeof CaptchaResponse>;

export const UploadResponse = z.object({ path: z.string(), url: z.string() });
export type UploadResponse = z.infer<typeof UploadResponse>;

/**
 * `avatar` (default): a public file under the image base URL. `kyc`: a private file; `path` is an
 * opaque id and `url` the authenticated address only its owner can read.
 */
export const UploadPurpose = z.enum(['avatar', 'kyc']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;
export const UploadQuery = z.strictObject({ purpose: UploadPurpose.optional() });
export type UploadQuery = z.infer<typeof UploadQuery>;

export const UpdateRequest = z.strictObject({
  platform: z.enum(['android', 'ios', 'web']),
  device_id: z.string().min(1).max(128),
  app_version: z.string().min(1).max(32),
  plugin_version: z.string().min(1).max(32),
  /** The installed native shell; releases with a higher `min_native_version` are not offered. */
  native_version: z.string().min(1).max(32).optional(),
});
export type UpdateRequest = z.infer<typeof UpdateRequest>;

/**
 * `null` when no newer release applies to the device. `sha256` (hex) and `signature` (ed25519 over
 * the bundle, hex; public key at GET /api/app/update/public-key) let the app refuse a bundle that
 * was swapped on the way, which md5 alone cannot.
 */
export const UpdateResponse = z
  .object({
    latest_version: z.string(),
    release_content: z.string(),
    download_path: z.string(),
    md5_sum: z.string(),
    sha256: z.string(),
    signature: z.string(),
  })
  .nullable();
export type UpdateResponse = z.infer<typeof UpdateResponse>;

export const Health = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  server_time: z.number().int(),
});
export type Health = z.infer<typeof Health>;

/** `/ws` client messages. Channels are strings like `depth:BTC_USDC`, `orders`. */
export const WsClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    channels: z.array(z.string().max(64)).max(50),
    id: z.string().optional(),
  }),
  z.object({
    op: z.literal('unsubscribe'),
    channels: z.array(z.string().max(64)).max(50),
    id: z.string().optional(),
  }),
  z.object({ op: z.literal('auth'), token: z.string().max(256), id: z.string().optional() }),
  z.object({ op: z.literal('ping'), id: z.string().optional() }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessage>;

/** Server replies: an ack per client message, or `{ op: "error" }` with an envelope-style code. */
export const WsServerAck = z.object({
  op: z.enum(['subscribed', 'unsubscribed', 'authed', 'pong', 'error']),
  id: z.string().optional(),
  channels: z.array(z.string()).optional(),
  code: z.number().int(),
  message: z.string().optional(),
});
export type WsServerAck = z.infer<typeof WsServerAck>;
