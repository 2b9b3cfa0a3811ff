import type { Db } from '../db/db.ts';

export interface ApiKeysTable {
  id: string;
  user_id: string;
  label: string;
  api_key: string;
  /** Kept as issued: the server must recompute each HMAC (ADR 202). */
  secret: string;
  permissions: string;
  ip_allow: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface ApiKeySignaturesTable {
  key_id: string;
  signature: string;
  expires_at: string;
}

export type ApiKeyTables = { api_keys: ApiKeysTable; api_key_signatures: ApiKeySignaturesTable };

export function apiKeyDb(db: Db) {
  return db.withTables<ApiKeyTables>();
}
export type ApiKeyDb = ReturnType<typeof apiKeyDb>;
