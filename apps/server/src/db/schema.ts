import type { Generated } from 'kysely';

// Row shapes as the drivers return them: int8 and NUMERIC arrive as strings on both PGlite and
// PostgreSQL (see db.ts), so ids and epoch-ms times are strings here and converted at the edge.

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  trade_password_hash: string | null;
  nickname: string;
  avatar: string | null;
  points: Generated<number>;
  verified: Generated<boolean>;
  member_level: Generated<number>;
  invite_code: string;
  inviter_id: string | null;
  banned_at: string | null;
  created_at: string;
}

export interface AdminsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  created_at: string;
}

export type TokenKind = 'user' | 'admin';

export interface TokensTable {
  id: Generated<string>;
  kind: TokenKind;
  subject_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  target: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  scene: string | null;
  created_at: string;
}

export interface CaptchasTable {
  key: string;
  answer_hash: string;
  expires_at: string;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: string;
}

export interface Database {
  users: UsersTable;
  admins: AdminsTable;
  tokens: TokensTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  captchas: CaptchasTable;
  schema_migrations: SchemaMigrationsTable;
}
