import { z } from 'zod';
import { pageOf } from './pagination.ts';

// Messages given here are i18n keys (packages/i18n/src/server); the server translates them and
// clients can pass them through their own catalogue.

export const AccountType = z.enum(['email', 'phone']);
export type AccountType = z.infer<typeof AccountType>;

export const CodeScene = z.enum(['register', 'forget', 'bind', 'security']);
export type CodeScene = z.infer<typeof CodeScene>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\d{5,15}$/;
export const AREA_CODE_RE = /^\+\d{1,4}$/;

/** 8-64 characters with at least one letter and one digit. */
export const Password = z
  .string()
  .min(8, { error: 'validation.password_weak' })
  .max(64, { error: 'validation.password_weak' })
  .regex(/[A-Za-z]/, { error: 'validation.password_weak' })
  .regex(/\d/, { error: 'validation.password_weak' });

/** Login accepts any stored password shape; only the length is bounded. */
const LoginPassword = z.string().min(1).max(64);

export const VerificationCode = z.string().regex(/^\d{6}$/, { error: 'validation.code_format' });

const AccountName = z.string().min(1).max(100);
const AreaCode = z.string().regex(AREA_CODE_RE, { error: 'validation.area_code_invalid' });
const CaptchaFields = {
  captcha_key: z.string().min(1).max(64).optional(),
  captcha_code: z.string().min(1).max(16).optional(),
};

type AccountShape = { type?: AccountType; account?: string; area_code?: string | undefined };
type IssueSink = {
  addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void;
};

/** `account` must match `type`; a phone needs its area code. */
function checkAccount(value: AccountShape, ctx: IssueSink): void {
  if (value.account === undefined) return;
  if (value.type === 'email' && !EMAIL_RE.test(value.account)) {
    ctx.addIssue({ code: 'custom', message: 'validation.email_invalid', path: ['account'] });
  }
  if (value.type === 'phone') {
    if (!PHONE_RE.test(value.account)) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone_invalid', path: ['account'] });
    }
    if (value.area_code === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['area_code'] });
    }
  }
}

function checkConfirmation(value: { password: string; password_confirmation: string }, ctx: IssueSink) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.password_mismatch',
      path: ['password_confirmation'],
    });
  }
}

export const SendCodeRequest = z
  .strictObject({
    type: AccountType,
    account: AccountName,
    area_code: AreaCode.optional(),
    scene: CodeScene,
    ...CaptchaFields,
  })
  .superRefine(checkAccount);
export type SendCodeRequest = z.infer<typeof SendCodeRequest>;

export const RegisterRequest = z
  .strictObject({
    type: AccountType,
    account: AccountName,
    password: Password,
    password_confirmation: z.string().max(64),
    // Always required, with or without an invitation: an invitation proves nothing about the
    // address (issue 7 item 9, ADR 103).
    code: VerificationCode,
    invite_code: z.string().min(1).max(32).optional(),
    area_code: AreaCode.optional(),
    ...CaptchaFields,
  })
  .superRefine((value, ctx) => {
    checkAccount(value, ctx);
    checkConfirmation(value, ctx);
  });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z
  .strictObject({
    type: AccountType,
    account: AccountName,
    password: LoginPassword,
    area_code: AreaCode.optional(),
    /** Needed on a new device once two-factor authentication is on (TOTP_REQUIRED 1057, ADR 204). */
    totp_code: z.string().min(6).max(10).optional(),
    ...CaptchaFields,
  })
  .superRefine(checkAccount);
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgetRequest = z
  .strictObject({
    type: AccountType,
    account: AccountName,
    area_code: AreaCode.optional(),
    code: VerificationCode,
    password: Password,
    password_confirmation: z.string().max(64),
    // Checked when the image captcha is on: each guess at the reset code costs a solved image.
    ...CaptchaFields,
  })
  .superRefine((value, ctx) => {
    checkAccount(value, ctx);
    checkConfirmation(value, ctx);
  });
export type ForgetRequest = z.infer<typeof ForgetRequest>;

export const User = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  points: z.number().int(),
  verified: z.boolean(),
  member_level: z.number().int(),
  invite_code: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  has_trade_password: z.boolean(),
  created_at: z.number().int(),
});
export type User = z.infer<typeof User>;

export const AuthResponse = z.object({ token: z.string(), user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const TradePasswordRequest = z
  .strictObject({
    password: Password,
    password_confirmation: z.string().max(64),
    code: VerificationCode,
    /** Required once two-factor authentication is on: a TOTP or a recovery code (ADR 204). */
    totp_code: z.string().min(6).max(10).optional(),
  })
  .superRefine(checkConfirmation);
export type TradePasswordRequest = z.infer<typeof TradePasswordRequest>;

export const ChangePasswordRequest = z
  .strictObject({
    old_password: LoginPassword,
    password: Password,
    password_confirmation: z.string().max(64),
    /** Required once two-factor authentication is on: a TOTP or a recovery code (ADR 204). */
    totp_code: z.string().min(6).max(10).optional(),
  })
  .superRefine(checkConfirmation);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = z.object({ token: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/**
 * An upload path as `/api/app/images/upload` returns it (`202601/<name>.png`) or an http(s) URL:
 * never `javascript:`, `data:` or a path climbing out of the uploads folder.
 */
export const AVATAR_RE = /^(\d{6}\/[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|webp)|https?:\/\/[^\s"'<>\\]+)$/;

export const ProfileRequest = z.strictObject({
  nickname: z.string().trim().min(1).max(32).optional(),
  avatar: z.string().min(1).max(255).regex(AVATAR_RE, { error: 'validation.invalid_format' }).optional(),
});
export type ProfileRequest = z.infer<typeof ProfileRequest>;

/**
 * Bind an e-mail or phone to the logged-in account, or change it: `code` was sent (scene "bind")
 * to the new address; `old_code` (scene "security") to the address of the same kind already bound,
 * so a stolen session alone cannot move the account's recovery address (issue 12 item 1, ADR 200).
 */
export const BindRequest = z
  .strictObject({
    type: AccountType,
    account: AccountName,
    area_code: AreaCode.optional(),
    code: VerificationCode,
    old_code: VerificationCode.optional(),
    /** Required once two-factor authentication is on: a TOTP or a recovery code (ADR 204). */
    totp_code: z.string().min(6).max(10).optional(),
  })
  .superRefine(checkAccount);
export type BindRequest = z.infer<typeof BindRequest>;

/** One active session of the logged-in user (issue 12 item 5). */
export const SessionInfo = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  created_at: z.number().int(),
  last_seen_at: z.number().int(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionList = z.array(SessionInfo);
export const SessionIdParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

export const LoginHistoryItem = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  new_device: z.boolean(),
  created_at: z.number().int(),
});
export const LoginHistoryPage = pageOf(LoginHistoryItem);
export type LoginHistoryPage = z.infer<typeof LoginHistoryPage>;

/** Two-factor authentication (issue 12 item 3, ADR 204): a 6-digit TOTP or a recovery code. */
export const UserTotpCode = z.string().regex(/^(\d{6}|[A-Z2-7]{10})$/, { error: 'validation.code_format' });
export const TotpSetupResponse = z.object({ secret: z.string(), otpauth_uri: z.string() });
export const TotpEnableRequest = z.strictObject({
  code: z.string().regex(/^\d{6}$/, { error: 'validation.code_format' }),
});
export const TotpEnableResponse = z.object({ recovery_codes: z.array(z.string()) });
export const TotpDisableRequest = z.strictObject({ code: UserTotpCode });
export const TotpStatus = z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() });

export const AreaCodeItem = z.object({ code: z.string(), country: z.string(), name: z.string() });
export type AreaCodeItem = z.infer<typeof AreaCodeItem>;
export const AreaCodeList = z.array(AreaCodeItem);

export const CountryItem = z.object({ code: z.string(), name: z.string() });
export type CountryItem = z.infer<typeof CountryItem>;
export const CountryList = z.array(CountryItem);
