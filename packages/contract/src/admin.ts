import { z } from 'zod';
import { pageOf } from './pagination.ts';

export const AdminLoginRequest = z.strictObject({
  email: z
    .string()
    .min(1)
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, { error: 'validation.email_invalid' }),
  password: z.string().min(1).max(128),
  // Required once the operator has enrolled TOTP (ADR 125); ignored before that.
  otp: z
    .string()
    .regex(/^\d{6}$/, { error: 'validation.code_format' })
    .optional(),
  // The captcha step-up after failed logins (ADR 101): needed only when the server answers 1050.
  captcha_key: z.string().min(1).max(64).optional(),
  captcha_code: z.string().min(1).max(16).optional(),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;

export const Admin = z.object({ id: z.string(), email: z.string(), created_at: z.number().int() });
export type Admin = z.infer<typeof Admin>;

export const AdminAuthResponse = z.object({ token: z.string(), admin: Admin });
export type AdminAuthResponse = z.infer<typeof AdminAuthResponse>;

export const OutboxItem = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  scene: z.string().nullable(),
  created_at: z.number().int(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;
export const OutboxPage = pageOf(OutboxItem);
export type OutboxPage = z.infer<typeof OutboxPage>;

export const IdParams = z.strictObject({ id: z.string().regex(/^\d{1,19}$/) });
export type IdParams = z.infer<typeof IdParams>;
