import { z } from 'zod';
import { textPerLang } from './texts.ts';

// Voting (spec sections 1, 2 /Vote, 8): operator-created polls with options and a time window; one
// vote per user ("already voted"; outside the window "cannot take part in the activity now").

const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const VoteIdParams = z.strictObject({ id: Id });
export type VoteIdParams = z.infer<typeof VoteIdParams>;

/** Texts per language (ADR 243): the plain fields stay the texts of record. */
export const PollTitles = textPerLang(120);
export const PollDescriptions = textPerLang(2000);
export const PollOptionLabels = textPerLang(80);

/** `label` in the reader's language, else the label of record (ADR 243). */
export const PollOption = z.object({ id: z.number().int(), label: z.string(), votes: z.number().int() });
export const Poll = z.object({
  id: z.string(),
  /** Title and description in the reader's language, else the texts of record (ADR 243). */
  title: z.string(),
  description: z.string(),
  options: z.array(PollOption),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  /** upcoming, open or closed at the server's clock. */
  state: z.enum(['upcoming', 'open', 'closed']),
  /** The option this user chose, or null. */
  my_option: z.number().int().nullable(),
  /** Admin answers only: the texts per language; the plain fields there are the texts of record. */
  title_i18n: PollTitles.optional(),
  description_i18n: PollDescriptions.optional(),
  /** One map per option, in the options' order. */
  options_i18n: z.array(PollOptionLabels).optional(),
});
export type Poll = z.infer<typeof Poll>;
export const PollList = z.array(Poll);
export type PollList = z.infer<typeof PollList>;

export const VoteRequest = z.strictObject({ option: z.number().int().min(0).max(19) });
export type VoteRequest = z.infer<typeof VoteRequest>;

export const AdminPollCreate = z
  .strictObject({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
    options: z.array(z.string().trim().min(1).max(80)).min(2).max(20),
    starts_at: z.number().int().min(0),
    ends_at: z.number().int().min(0),
    title_i18n: PollTitles.optional(),
    description_i18n: PollDescriptions.optional(),
    /** One map per option, in the options' order (as many as there are options). */
    options_i18n: z.array(PollOptionLabels).max(20).optional(),
  })
  .refine((v) => v.ends_at > v.starts_at, { path: ['ends_at'], error: 'validation.invalid_format' })
  .refine((v) => v.options_i18n === undefined || v.options_i18n.length === v.options.length, {
    path: ['options_i18n'],
    error: 'validation.invalid_format',
  });
export type AdminPollCreate = z.infer<typeof AdminPollCreate>;

/**
 * Edits a poll's texts: the texts of record and/or the maps (each replaces the stored one whole;
 * `{}` or `[]` clears it). `options_i18n` needs one map per option. Options and the window stay.
 */
export const AdminPollUpdate = z
  .strictObject({
    title: z.string().trim().min(1).max(120).optional(),
    description: z.string().trim().max(2000).optional(),
    title_i18n: PollTitles.optional(),
    description_i18n: PollDescriptions.optional(),
    options_i18n: z.array(PollOptionLabels).max(20).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    path: ['title'],
    error: 'validation.required',
  });
export type AdminPollUpdate = z.infer<typeof AdminPollUpdate>;
