import { z } from 'zod';
import { AccountType, AREA_CODE_RE } from './account.ts';

/**
 * A disabled account's appeal to support (ADR 268): sent without a session from the login screen's
 * refusal. The account is named as at login (e-mail, or phone with its area code); the answer is
 * the same whether or not such an account exists or is disabled.
 */

// The login's account rules (account.ts keeps its own private).
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\d{5,15}$/;

/**
 * The subject of record of an appeal's ticket, in the console's language. It does not mark the
 * ticket as an appeal (anyone may type it as a subject): the ticket's `kind` does (migration 0840).
 * The user reads it in their own language (server message `support.appeal_subject`, whose `en`
 * text it is).
 */
export const APPEAL_SUBJECT = 'Appeal: account disabled';

export const APPEAL_MESSAGE_MIN = 10;
export const APPEAL_MESSAGE_MAX = 2_000;

export const AppealRequest = z
  .strictObject({
    type: AccountType,
    account: z.string().trim().min(1).max(100),
    area_code: z.string().regex(AREA_CODE_RE, { error: 'validation.area_code_invalid' }).optional(),
    message: z.string().trim().min(APPEAL_MESSAGE_MIN).max(APPEAL_MESSAGE_MAX),
    captcha_key: z.string().min(1).max(64).optional(),
    captcha_code: z.string().min(1).max(16).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'email' && !EMAIL_RE.test(value.account))
      ctx.addIssue({ code: 'custom', message: 'validation.email_invalid', path: ['account'] });
    if (value.type === 'phone') {
      if (!PHONE_RE.test(value.account))
        ctx.addIssue({ code: 'custom', message: 'validation.phone_invalid', path: ['account'] });
      if (value.area_code === undefined)
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['area_code'] });
    }
  });
export type AppealRequest = z.infer<typeof AppealRequest>;

/** Always the same: nothing tells whether the account exists, is disabled or got a ticket. */
export const AppealReceived = z.object({ received: z.literal(true) });
export type AppealReceived = z.infer<typeof AppealReceived>;
