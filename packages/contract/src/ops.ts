import { z } from 'zod';
import { ContractOrder, Position } from './contract.ts';
import { DocumentType, KycReviewStatus } from './kyc.ts';
import { pageOf } from './pagination.ts';
import { SpotOrder } from './spot.ts';
import { LedgerEntry } from './wallet.ts';

/**
 * The operator console's own API (issue 10 item 4): operator accounts with roles, the audit log,
 * users, market settings and the dashboard. Roles are ADR 160, the audit log ADR 161.
 */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

export const Operator = z.object({
  id: z.string(),
  email: z.string(),
  role: OperatorRole,
  totp_enabled: z.boolean(),
  disabled_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type Operator = z.infer<typeof Operator>;
export const OperatorList = z.array(Operator);
export type OperatorList = z.infer<typeof OperatorList>;

export const CreateOperatorRequest = z.strictObject({
  email: z
    .string()
    .min(1)
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, { error: 'validation.email_invalid' }),
  password: z.string().min(10).max(128),
  role: OperatorRole,
});
export type CreateOperatorRequest = z.infer<typeof CreateOperatorRequest>;

export const SetOperatorRoleRequest = z.strictObject({ role: OperatorRole });
export type SetOperatorRoleRequest = z.infer<typeof SetOperatorRoleRequest>;

export const AuditEntry = z.object({
  id: z.string(),
  admin_id: z.string().nullable(),
  admin_email: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

const Millis = z.coerce.number().int().min(0).max(8_640_000_000_000_000);
export const AuditQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  admin_id: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  action: z.string().min(1).max(200).optional(),
  target_type: z.string().min(1).max(40).optional(),
  target_id: z.string().min(1).max(64).optional(),
  from: Millis.optional(),
  to: Millis.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

// ---- users ----

export const UserSearchQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** An e-mail (part), a phone number (part) or a numeric UID (exact). Empty lists the newest. */
  q: z.string().trim().max(254).optional(),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;

export const UserSummary = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  nickname: z.string(),
  verified: z.boolean(),
  member_level: z.number().int(),
  banned_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;
export const UserSummaryPage = pageOf(UserSummary);
export type UserSummaryPage = z.infer<typeof UserSummaryPage>;

/** Read-only joins over the tables the domains own; amounts as decimal strings. */
export const UserDetail = z.object({
  user: UserSummary.extend({
    invite_code: z.string(),
    inviter_id: z.string().nullable(),
    points: z.number().int(),
  }),
  balances: z.array(
    z.object({ account: z.string(), coin: z.string(), available: z.string(), frozen: z.string() }),
  ),
  orders: z.array(z.record(z.string(), z.unknown())),
  positions: z.array(z.record(z.string(), z.unknown())),
  ledger: z.array(z.record(z.string(), z.unknown())),
  kyc: z.array(z.record(z.string(), z.unknown())),
  cards: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(z.object({ id: z.string(), created_at: z.number().int(), expires_at: z.number().int() })),
});
export type UserDetail = z.infer<typeof UserDetail>;

/**
 * The user drawer's records as the server really builds them (ops/service.ts `userDetail`): the
 * orders are the spot and futures services' own orders, the positions and ledger entries theirs,
 * and the KYC applications and bank cards the columns the service selects. `UserDetail` above, the
 * route's response schema, keeps them as plain records (unchanged on the wire); the console reads
 * them through these types, so a renamed field of an order, a position or a ledger entry fails its
 * typecheck (ADR 239).
 */
export const UserKycRecord = z.object({
  id: z.string(),
  status: KycReviewStatus,
  country: z.string(),
  document_type: DocumentType,
  reason: z.string().nullable(),
  submitted_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
  /** The reviewing operator's id. */
  reviewed_by: z.string().nullable(),
});
export type UserKycRecord = z.infer<typeof UserKycRecord>;

/** A bank card as support sees it: the number masked to its last four digits. */
export const UserCardRecord = z.object({
  id: z.string(),
  bank_name: z.string(),
  card_number: z.string(),
  holder_name: z.string(),
  created_at: z.number().int(),
});
export type UserCardRecord = z.infer<typeof UserCardRecord>;

/** Open spot orders, open futures orders, then spot history, in that order. */
export const UserOrderRecord = z.union([ContractOrder, SpotOrder]);
export type UserOrderRecord = z.infer<typeof UserOrderRecord>;

export const UserDetailRecords = UserDetail.extend({
  orders: z.array(UserOrderRecord),
  positions: z.array(Position),
  ledger: z.array(LedgerEntry),
  kyc: z.array(UserKycRecord),
  cards: z.array(UserCardRecord),
});
export type UserDetailRecords = z.infer<typeof UserDetailRecords>;

// ---- markets ----

export const MarketSetting = z.object({
  symbol: z.string(),
  kind: z.enum(['spot', 'perp']),
  paused: z.boolean(),
  paused_at: z.number().int().nullable(),
  reason: z.string().nullable(),
  leverages: z.array(z.number().int()),
  /** Perpetuals: the highest leverage the market's risk tiers allow (the list's ceiling); 0 for spot. */
  max_leverage: z.number().int().optional(),
  /** Fee rates as decimal fractions ("0.001" = 0.1 %): the engine's live values (ADR 154). */
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  /**
   * Perpetuals: the liquidation clearance fee as a fraction of the liquidated notional ("0.0125" =
   * 1.25 %; "1" = the whole remaining equity), the engine's live value (ADR 183); absent for spot.
   */
  liquidation_fee_rate: z.string().optional(),
});
export type MarketSetting = z.infer<typeof MarketSetting>;
export const MarketSettingList = z.array(MarketSetting);
export type MarketSettingList = z.infer<typeof MarketSettingList>;

export const SymbolParams = z.strictObject({
  symbol: z.string().regex(/^[A-Z0-9]{1,12}_[A-Z0-9]{1,12}(_PERP)?$/),
});
export type SymbolParams = z.infer<typeof SymbolParams>;

/**
 * Why a user is banned (ADR 265): required, kept in the audit entry of the ban, never shown to the
 * user (who is told only that the account is disabled). No body at all is the body's own 422.
 */
export const BanUserRequest = z.strictObject({ reason: z.string().trim().min(3).max(500) });
export type BanUserRequest = z.infer<typeof BanUserRequest>;

/** Lifting a ban may say why (the audit entry keeps it); nothing is required, not even a body. */
export const UnbanUserRequest = z.strictObject({ note: z.string().trim().max(500).optional() }).nullish();
export type UnbanUserRequest = z.infer<typeof UnbanUserRequest>;

export const PauseMarketRequest = z.strictObject({ reason: z.string().trim().min(1).max(200) });
export type PauseMarketRequest = z.infer<typeof PauseMarketRequest>;

/** A fee rate as a decimal fraction with at most 6 places ("0.0005" = 0.05 %); bounds are the core's. */
const FeeRate = z.string().regex(/^\d{1,2}(\.\d{1,6})?$/, { error: 'validation.decimal_format' });

/**
 * New fees, leverage list and/or clearance fee of one market (ADR 154, 183): fields left out stay
 * as they are. The core checks the values (fees 0..1 %, maker <= taker; leverages rising, within
 * the market's tiers; clearance fee 0..5 % or 1 = 100 %, perpetuals only).
 */
export const MarketParamsRequest = z
  .strictObject({
    maker_fee_rate: FeeRate.optional(),
    taker_fee_rate: FeeRate.optional(),
    leverages: z.array(z.number().int().min(1).max(1000)).min(1).max(50).optional(),
    liquidation_fee_rate: FeeRate.optional(),
  })
  .refine(
    (b) =>
      b.maker_fee_rate !== undefined ||
      b.taker_fee_rate !== undefined ||
      b.leverages !== undefined ||
      b.liquidation_fee_rate !== undefined,
    {
      error: 'validation.required',
      path: ['maker_fee_rate'],
    },
  );
export type MarketParamsRequest = z.infer<typeof MarketParamsRequest>;

// ---- dashboard ----

export const Dashboard = z.object({
  users: z.object({ total: z.number().int(), today: z.number().int(), banned: z.number().int() }),
  deposits_today: z.object({ count: z.number().int(), amount: z.string() }),
  withdrawals_today: z.object({ count: z.number().int(), amount: z.string() }),
  pending_reviews: z.object({ withdrawals: z.number().int(), kyc: z.number().int() }),
  volume_24h: z.array(z.object({ symbol: z.string(), base_volume: z.string(), quote_volume: z.string() })),
  open_interest: z.array(z.object({ symbol: z.string(), quantity: z.string() })),
  insurance_fund: z.string(),
  treasury: z.array(
    z.object({ purpose: z.string(), coin: z.string(), available: z.string(), low: z.boolean() }),
  ),
  /** `db_ok`: the database answered; `journal_length`: commands the engine has committed. */
  engine: z.object({
    db_ok: z.boolean(),
    journal_length: z.number().int(),
    paused_markets: z.array(z.string()),
    /** Perpetuals whose reference price is stale: new contract orders refused (ADR 153). */
    stale_index: z.array(z.string()),
  }),
  ts: z.number().int(),
});
export type Dashboard = z.infer<typeof Dashboard>;
