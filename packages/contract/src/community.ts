import { LANGS } from '@ex/i18n';
import { z } from 'zod';
import { PageQuery, pageOf } from './pagination.ts';

// Community and content (spec sections 1-4, 8): notices, news, in-app messages, daily check-in
// with points, invitations and the membership level. Messages are server i18n keys.

const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const CommunityIdParams = z.strictObject({ id: Id });
export type CommunityIdParams = z.infer<typeof CommunityIdParams>;

/** One language's text of a notice, news item or message. */
export const ContentText = z.strictObject({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(20_000),
});
export type ContentText = z.infer<typeof ContentText>;

export const ContentLang = z.enum(LANGS);

/** Text per language; at least one. Readers get theirs, else en, else de, else any (ADR 070). */
export const Translations = z
  .partialRecord(ContentLang, ContentText)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'validation.required' });
export type Translations = z.infer<typeof Translations>;

export const ContentKind = z.enum(['notice', 'news']);
export type ContentKind = z.infer<typeof ContentKind>;

/** A notice or news item as a reader sees it: one language, `lang` says which. */
export const ContentSummary = z.object({
  id: z.string(),
  kind: ContentKind,
  title: z.string(),
  /** The start of the body, plain text, for list rows. */
  summary: z.string(),
  lang: ContentLang,
  published_at: z.number().int(),
});
export type ContentSummary = z.infer<typeof ContentSummary>;
export const ContentPage = pageOf(ContentSummary);
export type ContentPage = z.infer<typeof ContentPage>;

export const ContentDetail = ContentSummary.extend({ body: z.string() });
export type ContentDetail = z.infer<typeof ContentDetail>;

/** The operator's view: every language, publish state. */
export const AdminContentItem = z.object({
  id: z.string(),
  kind: ContentKind,
  translations: z.partialRecord(ContentLang, z.object({ title: z.string(), body: z.string() })),
  published: z.boolean(),
  published_at: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminContentItem = z.infer<typeof AdminContentItem>;
export const AdminContentPage = pageOf(AdminContentItem);
export type AdminContentPage = z.infer<typeof AdminContentPage>;

export const AdminContentQuery = PageQuery.extend({ kind: ContentKind.optional() });
export type AdminContentQuery = z.input<typeof AdminContentQuery>;

export const AdminContentCreate = z.strictObject({
  kind: ContentKind,
  translations: Translations,
  published: z.boolean().default(false),
});
export type AdminContentCreate = z.input<typeof AdminContentCreate>;

export const AdminContentUpdate = z
  .strictObject({ translations: Translations.optional(), published: z.boolean().optional() })
  .refine((v) => v.translations !== undefined || v.published !== undefined, {
    error: 'validation.required',
    path: ['published'],
  });
export type AdminContentUpdate = z.input<typeof AdminContentUpdate>;

// In-app messages.

export const Message = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  lang: ContentLang,
  read: z.boolean(),
  created_at: z.number().int(),
});
export type Message = z.infer<typeof Message>;
export const MessagePage = pageOf(Message);
export type MessagePage = z.infer<typeof MessagePage>;
export const MessageDetail = Message.extend({ body: z.string(), read_at: z.number().int().nullable() });
export type MessageDetail = z.infer<typeof MessageDetail>;
export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
export const ReadAllResponse = z.object({ marked: z.number().int() });
export type ReadAllResponse = z.infer<typeof ReadAllResponse>;

/** To one user (`user_id`) or to every user (`broadcast: true`), never both. */
export const AdminMessageSend = z
  .strictObject({
    user_id: Id.optional(),
    broadcast: z.literal(true).optional(),
    translations: Translations,
  })
  .refine((v) => (v.user_id === undefined) !== (v.broadcast === undefined), {
    error: 'validation.user_or_broadcast',
    path: ['user_id'],
  });
export type AdminMessageSend = z.input<typeof AdminMessageSend>;
export const AdminMessageSent = z.object({ sent: z.number().int() });
export type AdminMessageSent = z.infer<typeof AdminMessageSent>;

// Check-in, points and level (ADR 071).

export const CheckinDay = z.object({
  /** Start of the UTC day, ms. */
  date: z.number().int(),
  checked: z.boolean(),
  /** Points credited that day (0 when not checked in). */
  points: z.number().int(),
});
export type CheckinDay = z.infer<typeof CheckinDay>;

export const CheckinStatus = z.object({
  checked_in_today: z.boolean(),
  /** Consecutive days up to today (or up to yesterday while today is still open). */
  streak: z.number().int(),
  /** What a check-in now (or tomorrow, once done today) credits. */
  next_points: z.number().int(),
  points: z.number().int(),
  member_level: z.number().int(),
  /** Points needed for the next level, null at the top. */
  next_level_points: z.number().int().nullable(),
  /** The seven UTC days ending today, oldest first. */
  days: z.array(CheckinDay),
});
export type CheckinStatus = z.infer<typeof CheckinStatus>;

export const CheckinResult = CheckinStatus.extend({ credited: z.number().int() });
export type CheckinResult = z.infer<typeof CheckinResult>;

// Invitations.

export const InvitedFriend = z.object({
  /** Masked e-mail or phone. */
  account: z.string(),
  nickname: z.string(),
  created_at: z.number().int(),
});
export type InvitedFriend = z.infer<typeof InvitedFriend>;

export const InviteInfo = pageOf(InvitedFriend).extend({
  code: z.string(),
  /** Registration link carrying the code: `<origin>/Register?invite=CODE`. */
  link: z.string(),
  invited_count: z.number().int(),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

export const CommunityPageQuery = PageQuery;
