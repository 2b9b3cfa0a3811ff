// Every domain's migration, in the order they shipped: the composition root collects them and
// hands the list to the database layer, which knows no domain (issue 14). Add a new domain's
// migration at the end; never reorder or edit one that has shipped.

import type { Kysely } from 'kysely';
import { ATTEMPT_COUNTERS_MIGRATION } from './account/attempts.ts';
import { SESSIONS_MIGRATION } from './account/migration-sessions.ts';
import { ACCOUNT_PROTECTION_MIGRATION } from './account/protection.ts';
import { USER_TOTP_MIGRATION } from './account/totp.ts';
import { ADMIN_SECURITY_MIGRATION } from './admin/migration.ts';
import { AI_MIGRATION } from './ai/migration.ts';
import { API_KEYS_MIGRATION } from './apikeys/migration.ts';
import { CHAIN_MIGRATION } from './chain/migration.ts';
import { CHAIN_EVENTS_MIGRATION } from './chain/migration-events.ts';
import { COMMUNITY_MIGRATION } from './community/migration.ts';
import { CONTRACT_ORDERS_MIGRATION } from './contract/migration.ts';
import { runMigrations } from './db/migrate.ts';
import { CORE_MIGRATIONS, type Migration } from './db/migrations/index.ts';
import type { Database } from './db/schema.ts';
import { DIVIDEND_MIGRATION } from './dividend/migration.ts';
import { DIVIDEND_TEXTS_MIGRATION } from './dividend/migration-texts.ts';
import { EARN_TEXTS_MIGRATION } from './earn/migration-texts.ts';
import { TRADE_PUBLIC_IDS_MIGRATION } from './engine/trade-ids.ts';
import { EXCHANGE_OTC_IEO_MIGRATION } from './exchange/migration.ts';
import { MONEY_MOVES_MIGRATION } from './exchange/migration-money-moves.ts';
import { STORED_FILES_MIGRATION } from './files/db-store.ts';
import { IEO_TEXTS_MIGRATION } from './ieo/migration-texts.ts';
import { KYC_MIGRATION } from './kyc/migration.ts';
import { MARKET_HISTORY_MIGRATION } from './market/history.ts';
import { OPERATOR_CONSOLE_MIGRATION } from './ops/migration.ts';
import { RELEASES_MIGRATION } from './release/migration.ts';
import { LIABILITIES_MIGRATION } from './reserves/migration.ts';
import { STAKING_MIGRATION } from './staking/migration.ts';
import { SUPPORT_MIGRATION } from './support/migration.ts';
import { SUPPORT_TICKET_KIND_MIGRATION } from './support/migration-kind.ts';
import { SUPPORT_TICKET_LANG_MIGRATION } from './support/migration-lang.ts';
import { UPLOAD_QUOTA_MIGRATION } from './system/upload-quota.ts';
import { VOTE_MIGRATION } from './vote/migration.ts';
import { VOTE_TEXTS_MIGRATION } from './vote/migration-texts.ts';
import { LEDGER_TRANSFER_SIDES_MIGRATION } from './wallet/migration.ts';
import { IDEMPOTENCY_REF_INDEX_MIGRATION } from './wallet/migration-ref-index.ts';

export const MIGRATIONS: readonly Migration[] = [
  CORE_MIGRATIONS.accounts,
  RELEASES_MIGRATION,
  CORE_MIGRATIONS.engine,
  KYC_MIGRATION,
  CHAIN_MIGRATION,
  COMMUNITY_MIGRATION,
  EXCHANGE_OTC_IEO_MIGRATION,
  AI_MIGRATION,
  STAKING_MIGRATION,
  DIVIDEND_MIGRATION,
  VOTE_MIGRATION,
  ADMIN_SECURITY_MIGRATION,
  MONEY_MOVES_MIGRATION,
  UPLOAD_QUOTA_MIGRATION,
  CHAIN_EVENTS_MIGRATION,
  LIABILITIES_MIGRATION,
  LEDGER_TRANSFER_SIDES_MIGRATION,
  MARKET_HISTORY_MIGRATION,
  OPERATOR_CONSOLE_MIGRATION,
  API_KEYS_MIGRATION,
  SESSIONS_MIGRATION,
  USER_TOTP_MIGRATION,
  CONTRACT_ORDERS_MIGRATION,
  ACCOUNT_PROTECTION_MIGRATION,
  SUPPORT_MIGRATION,
  ATTEMPT_COUNTERS_MIGRATION,
  STORED_FILES_MIGRATION,
  EARN_TEXTS_MIGRATION,
  VOTE_TEXTS_MIGRATION,
  DIVIDEND_TEXTS_MIGRATION,
  IEO_TEXTS_MIGRATION,
  TRADE_PUBLIC_IDS_MIGRATION,
  IDEMPOTENCY_REF_INDEX_MIGRATION,
  SUPPORT_TICKET_LANG_MIGRATION,
  SUPPORT_TICKET_KIND_MIGRATION,
];

/** Applies the pending migrations of the whole server (one transaction, advisory lock). */
export function migrate(db: Kysely<Database>): Promise<string[]> {
  return runMigrations(db, MIGRATIONS);
}
