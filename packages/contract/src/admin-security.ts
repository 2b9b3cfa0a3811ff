import { z } from 'zod';
import { Password } from './account.ts';
import { OperatorRole } from './ops.ts';

/**
 * Operator account security (issue 7 items 8 and 14, ADR 125/126): TOTP enrolment, password
 * rotation, logout and the session the console shows. The login itself stays in admin.ts.
 */

/** A six-digit code from the authenticator app (RFC 6238, SHA-1, 30 s). */
export const TotpCode = z.string().regex(/^\d{6}$/, { error: 'validation.code_format' });

/** `POST /api/admin/totp/setup` answer: the secret to type in, and the otpauth URI for a QR code. */
export const AdminTotpSetup = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type AdminTotpSetup = z.infer<typeof AdminTotpSetup>;

/** `POST /api/admin/totp/enable`: the first code proves the app holds the secret. */
export const AdminTotpEnableRequest = z.strictObject({ code: TotpCode });
export type AdminTotpEnableRequest = z.infer<typeof AdminTotpEnableRequest>;

/** `POST /api/admin/password`: the old password is required even inside a live session. */
export const AdminPasswordChangeRequest = z
  .strictObject({
    old_password: z.string().min(1).max(128),
    password: Password,
    password_confirmation: z.string().min(1).max(128),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.password_mismatch',
        path: ['password_confirmation'],
      });
    }
  });
export type AdminPasswordChangeRequest = z.infer<typeof AdminPasswordChangeRequest>;

/** `GET /api/admin/me`: who is signed in, whether TOTP is on, and when this session ends. */
export const AdminSession = z.object({
  id: z.string(),
  email: z.string(),
  /** admin, reviewer or support (ADR 160). */
  role: OperatorRole,
  totp_enabled: z.boolean(),
  password_changed_at: z.number().int().nullable(),
  /** The session ends at the earlier of these unless used again (idle) / in any case (absolute). */
  idle_expires_at: z.number().int(),
  absolute_expires_at: z.number().int(),
});
export type AdminSession = z.infer<typeof AdminSession>;
