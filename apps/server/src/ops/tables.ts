import type { OperatorRole } from '@ex/contract';
import type { Generated, Selectable } from 'kysely';
import type { AdminSecurityColumns } from '../admin/migration.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';

/** The columns `0160_operator_console` adds to `admins`. */
export interface OperatorColumns {
  role: OperatorRole;
  disabled_at: string | null;
}

export interface OperatorAuditTable {
  id: Generated<string>;
  admin_id: string | null;
  admin_email: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** jsonb: written as a JSON string, read back as the parsed value by both drivers. */
  before: unknown;
  after: unknown;
  ip: string | null;
  request_id: string | null;
  created_at: string;
}

export interface MarketSettingsTable {
  symbol: string;
  paused_at: string | null;
  paused_reason: string | null;
  updated_at: string;
}

export type OpsTables = {
  admins: Database['admins'] & AdminSecurityColumns & OperatorColumns;
  operator_audit: OperatorAuditTable;
  market_settings: MarketSettingsTable;
};

export function opsDb(db: Db) {
  return db.withTables<OpsTables>();
}
export type OpsDb = ReturnType<typeof opsDb>;
export type AuditRow = Selectable<OperatorAuditTable>;
