import { z } from 'zod';

// Voting (spec sections 1, 2 /Vote, 8): operator-created polls with options and a time window; one
// vote per user ("already voted"; outside the window "cannot take part in the activity now").

const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const VoteIdParams = z.strictObject({ id: Id });
export type VoteIdParams = z.infer<typeof VoteIdParams>;

export const PollOption = z.object({ id: z.number().int(), label: z.string(), votes: z.number().int() });
export const Poll = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  options: z.array(PollOption),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  /** upcoming, open or closed at the server's clock. */
  state: z.enum(['upcoming', 'open', 'closed']),
  /** The option this user chose, or null. */
  my_option: z.number().int().nullable(),
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
  })
  .refine((v) => v.ends_at > v.starts_at, { path: ['ends_at'], error: 'validation.invalid_format' });
export type AdminPollCreate = z.infer<typeof AdminPollCreate>;
