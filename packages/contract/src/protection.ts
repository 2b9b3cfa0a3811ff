import { LANGS } from '@ex/i18n';
import { z } from 'zod';
import { UserTotpCode } from './account.ts';
import { ChainCoin, ChainNetwork } from './chain.ts';
import { PRIVATE_UPLOAD_ID_RE } from './kyc.ts';
import { pageOf } from './pagination.ts';

// Account protection (issue 12 items 6 and 7, ADR 205-207): the withdrawal address book with its
// allow-list mode, the anti-phishing code, the data export and closing the account.

/** A TOTP or a recovery code, needed once two-factor authentication is on (ADR 204). */
const TotpField = { totp_code: UserTotpCode.optional() };

export const WithdrawAddress = z.object({
  id: z.string(),
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  label: z.string(),
  created_at: z.number().int(),
  /** When the address may be used in allow-list mode (created_at + 24 h). */
  usable_at: z.number().int(),
});
export type WithdrawAddress = z.infer<typeof WithdrawAddress>;

export const AddressBook = z.object({
  /** On: withdrawals only to saved addresses older than 24 h. */
  allowlist: z.boolean(),
  /** Withdrawals are held until then after the allow list was turned off (ADR 205); else null. */
  withdraw_hold_until: z.number().int().nullable(),
  list: z.array(WithdrawAddress),
});
export type AddressBook = z.infer<typeof AddressBook>;

export const AddressCreateRequest = z.strictObject({
  coin: ChainCoin,
  network: ChainNetwork,
  address: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(40),
  ...TotpField,
});
export type AddressCreateRequest = z.infer<typeof AddressCreateRequest>;

export const AddressIdParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

export const AllowlistRequest = z.strictObject({ enabled: z.boolean(), ...TotpField });
export type AllowlistRequest = z.infer<typeof AllowlistRequest>;

/** 4-20 letters or digits, shown in every e-mail the exchange sends (ADR 206). */
export const AntiPhishingRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/, { error: 'validation.invalid_format' }),
  ...TotpField,
});
export type AntiPhishingRequest = z.infer<typeof AntiPhishingRequest>;

export const Protection = z.object({
  totp_enabled: z.boolean(),
  anti_phishing_code: z.string().nullable(),
  allowlist: z.boolean(),
  withdraw_hold_until: z.number().int().nullable(),
});
export type Protection = z.infer<typeof Protection>;

export const DeleteAccountRequest = z.strictObject({
  password: z.string().min(1).max(64),
  ...TotpField,
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

// ---- support centre (issue 12 item 2, ADR 208) ----

export const SUPPORT_LANGS = ['de', 'en', 'zh_CN', 'zh_TW', 'es', 'fr', 'it'] as const;
/** One text per language; German (the default language) is required, the rest fall back to it. */
export const LocalisedText = z.object({
  de: z.string().trim().min(1).max(20_000),
  en: z.string().max(20_000).optional(),
  zh_CN: z.string().max(20_000).optional(),
  zh_TW: z.string().max(20_000).optional(),
  es: z.string().max(20_000).optional(),
  fr: z.string().max(20_000).optional(),
  it: z.string().max(20_000).optional(),
});
export type LocalisedText = z.infer<typeof LocalisedText>;

export const FaqArticle = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  position: z.number().int(),
  updated_at: z.number().int(),
});
export type FaqArticle = z.infer<typeof FaqArticle>;
export const FaqList = z.array(FaqArticle);

export const AdminFaqArticle = z.object({
  id: z.string(),
  title: LocalisedText,
  body: LocalisedText,
  position: z.number().int(),
  published: z.boolean(),
  updated_at: z.number().int(),
});
export type AdminFaqArticle = z.infer<typeof AdminFaqArticle>;
export const AdminFaqList = z.array(AdminFaqArticle);

export const FaqSaveRequest = z.strictObject({
  title: LocalisedText,
  body: LocalisedText,
  position: z.number().int().min(0).max(10_000).default(0),
  published: z.boolean().default(true),
});
export type FaqSaveRequest = z.infer<typeof FaqSaveRequest>;

export const SupportIdParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

/** A private upload id from `/api/app/images/upload?purpose=kyc` (the caller's own). */
const Attachment = z.string().regex(PRIVATE_UPLOAD_ID_RE, { error: 'validation.invalid_format' });

export const TicketStatus = z.enum(['open', 'answered', 'closed']);
export type TicketStatus = z.infer<typeof TicketStatus>;

export const TicketCreateRequest = z.strictObject({
  subject: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(5_000),
  image: Attachment.optional(),
});
export type TicketCreateRequest = z.infer<typeof TicketCreateRequest>;

export const TicketReplyRequest = z.strictObject({
  body: z.string().trim().min(1).max(5_000),
  image: Attachment.optional(),
});
export type TicketReplyRequest = z.infer<typeof TicketReplyRequest>;

export const TicketMessage = z.object({
  id: z.string(),
  from: z.enum(['user', 'operator']),
  body: z.string(),
  /** Path of the attachment (user route or console route), or null. */
  image_url: z.string().nullable(),
  created_at: z.number().int(),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

export const Ticket = z.object({
  id: z.string(),
  subject: z.string(),
  status: TicketStatus,
  /** An operator reply the user has not opened yet (user view) / a user message the console has not (console view). */
  unread: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Ticket = z.infer<typeof Ticket>;
export const TicketPage = pageOf(Ticket);
export type TicketPage = z.infer<typeof TicketPage>;

export const TicketDetail = Ticket.extend({ messages: z.array(TicketMessage) });
export type TicketDetail = z.infer<typeof TicketDetail>;

/** How a ticket came: opened in the app, or a disabled account's appeal from the login screen (ADR 268). */
export const TicketKind = z.enum(['ticket', 'appeal']);
export type TicketKind = z.infer<typeof TicketKind>;

export const AdminTicket = Ticket.extend({
  user_id: z.string(),
  user_account: z.string().nullable(),
  kind: TicketKind,
  /** The language the user writes in, to reply in it; null on tickets older than migration 0830. */
  lang: z.enum(LANGS).nullable(),
});
export type AdminTicket = z.infer<typeof AdminTicket>;
export const AdminTicketPage = pageOf(AdminTicket);
export const AdminTicketDetail = AdminTicket.extend({ messages: z.array(TicketMessage) });
export type AdminTicketDetail = z.infer<typeof AdminTicketDetail>;

export const TicketQuery = z.strictObject({
  status: TicketStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const SupportUnread = z.object({ count: z.number().int() });
