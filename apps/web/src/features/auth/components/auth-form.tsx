import type { AccountType, Captcha } from '@ex/sdk';
import { CloseCircleFill, EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import {
  type FormEvent,
  type InputHTMLAttributes,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { useAppConfig } from '../../../lib/queries.ts';
import { useCaptcha } from '../api/captcha.ts';
import { AccountTypeTabs } from './AccountTypeTabs.tsx';
import { AuthHero } from './AuthHero.tsx';
import { CaptchaImage } from './CaptchaImage.tsx';
import { EMAIL_RE, PASSWORD_RE } from './rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';

// Plain form elements for the sign-in, sign-up and recovery screens (ADR 091): the same rules,
// messages, labels and error display as antd-mobile's Form, without rc-field-form,
// async-validator and floating-ui (~25 KB gzip) on the path of /Login.

/** One check of a field; the first failing rule's message is shown under it. */
export interface Rule {
  /** Fails on an empty value (`whitespace`: also on spaces only; a checkbox: when unticked). */
  required?: boolean;
  whitespace?: boolean;
  /** Checked only when there is a value, like antd's `pattern`. */
  pattern?: RegExp;
  /** Any other check, with every value of the form: false fails. */
  check?(value: string | boolean | undefined, values: Values): boolean;
  message: string;
}

type Values = Record<string, string | boolean | undefined>;

/** Fields re-checked when another one changes (the confirmation follows the password). */
const DEPENDENTS: Partial<Record<string, string>> = { password: 'password_confirmation' };

export function firstError(
  value: string | boolean | undefined,
  values: Values,
  rules: readonly Rule[],
): string | undefined {
  for (const rule of rules) {
    const empty =
      value === undefined ||
      value === false ||
      value === '' ||
      (rule.whitespace === true && typeof value === 'string' && value.trim() === '');
    if (rule.required && empty) return rule.message;
    if (rule.pattern && typeof value === 'string' && value !== '' && !rule.pattern.test(value))
      return rule.message;
    if (rule.check && !rule.check(value, values)) return rule.message;
  }
  return undefined;
}

export interface PlainForm<V extends Values> {
  values: V;
  errors: Partial<Record<string, string>>;
  setFieldValue(name: keyof V & string, value: string | boolean): void;
  /** The shape `showServerErrors` (lib/form-errors.ts) writes server errors with. */
  setFields(fields: { name: string; errors: string[] }[]): void;
  resetFields(names: (keyof V & string)[]): void;
  /** Checks the given fields (all shown fields without names); true when all pass. */
  validateFields(names?: (keyof V & string)[]): boolean;
  /** The current values, also from a callback that closed over an older render. */
  current(): V;
  /** A field's rules, registered while it is shown (a hidden field is never checked). */
  register(name: string, rules: { current: readonly Rule[] }): () => void;
  blur(name: string): void;
}

export function usePlainForm<V extends Values>(initial: V): PlainForm<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const valuesRef = useRef(values);
  const errorsRef = useRef(errors);
  const rules = useRef(new Map<string, { current: readonly Rule[] }>());
  const initialRef = useRef(initial);

  const writeErrors = useCallback((next: Partial<Record<string, string>>) => {
    errorsRef.current = next;
    setErrors(next);
  }, []);

  const check = useCallback(
    (names: readonly string[], all: V) => {
      const next = { ...errorsRef.current };
      let ok = true;
      for (const name of names) {
        const fieldRules = rules.current.get(name)?.current;
        if (!fieldRules) continue;
        const error = firstError(all[name], all, fieldRules);
        if (error) ok = false;
        next[name] = error;
      }
      writeErrors(next);
      return ok;
    },
    [writeErrors],
  );

  return useMemo<PlainForm<V>>(
    () => ({
      values,
      errors,
      setFieldValue(name, value) {
        const next = { ...valuesRef.current, [name]: value };
        valuesRef.current = next;
        setValues(next);
        // A field showing an error is re-checked as it is typed in, so the error leaves once fixed;
        // so is its dependent (the confirmation when the password changes).
        const recheck = [name, DEPENDENTS[name]].filter(
          (n): n is string => n !== undefined && errorsRef.current[n] !== undefined,
        );
        if (recheck.length > 0) check(recheck, next);
      },
      setFields(fields) {
        const next = { ...errorsRef.current };
        for (const f of fields) next[f.name] = f.errors[0];
        writeErrors(next);
      },
      resetFields(names) {
        const next = { ...valuesRef.current };
        const nextErrors = { ...errorsRef.current };
        for (const n of names) {
          next[n] = initialRef.current[n] as V[typeof n];
          nextErrors[n] = undefined;
        }
        valuesRef.current = next;
        setValues(next);
        writeErrors(nextErrors);
      },
      validateFields(names) {
        return check(names ?? [...rules.current.keys()], valuesRef.current);
      },
      current: () => valuesRef.current,
      register(name, fieldRules) {
        rules.current.set(name, fieldRules);
        return () => {
          if (rules.current.get(name) === fieldRules) rules.current.delete(name);
        };
      },
      blur(name) {
        check([name], valuesRef.current);
      },
    }),
    [values, errors, check, writeErrors],
  );
}

/** What a field hands its control: value, change, blur and the ids that tie label and errors to it. */
export interface ControlProps {
  id: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FieldProps<V extends Values> {
  form: PlainForm<V>;
  name: keyof V & string;
  label?: string;
  description?: string;
  rules?: readonly Rule[];
  /** `blur`: checked when the field is left (and again as it is corrected); `submit`: on submit only. */
  validateOn?: 'blur' | 'submit';
  children(control: ControlProps): ReactNode;
}

/** A labelled field: label, control, hint and the first error, the error announced when it appears. */
export function Field<V extends Values>({
  form,
  name,
  label,
  description,
  rules = [],
  validateOn = 'submit',
  children,
}: FieldProps<V>) {
  const id = useId();
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const { register } = form;
  useLayoutEffect(() => register(name, rulesRef), [register, name]);
  const error = form.errors[name];
  const value = form.values[name];
  const describedBy = [description ? `${id}-desc` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return (
    <div className={`pf-item${error ? ' pf-item--error' : ''}`}>
      {label && (
        <label className="pf-item__label" htmlFor={id}>
          {label}
        </label>
      )}
      {children({
        id,
        value: typeof value === 'string' ? value : '',
        onChange: (v) => form.setFieldValue(name, v),
        onBlur: () => {
          if (validateOn === 'blur') form.blur(name);
        },
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {description && (
        <div className="pf-item__desc" id={`${id}-desc`}>
          {description}
        </div>
      )}
      {error && (
        <div className="pf-item__error" id={`${id}-err`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'> &
  ControlProps & {
    /** A button that empties the field while it has a value. */
    clearable?: boolean;
  };

/** A text input styled like the app's fields. */
export function TextInput({ value, onChange, clearable, className, ...input }: InputProps) {
  // antd-mobile's own word for it, in the app's language, as its Input said before.
  const clear = useLang().antdLocale?.Input.clear ?? 'Clear';
  return (
    <div className={`pf-input ${className ?? ''}`}>
      <input {...input} className="pf-input__el" value={value} onChange={(e) => onChange(e.target.value)} />
      {clearable && value !== '' && (
        <button type="button" className="pf-input__clear" aria-label={clear} onClick={() => onChange('')}>
          <CloseCircleFill fontSize={16} />
        </button>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'clearable'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="pf-input">
      <input
        {...props}
        className="pf-input__el"
        type={visible ? 'text' : 'password'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <VisibilityToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
    </div>
  );
}

/** Shows or hides a password (also used by the antd-based PasswordInput of other screens). */
export function VisibilityToggle({ visible, onToggle }: { visible: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={onToggle}
      aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
      aria-pressed={visible}
    >
      {visible ? <EyeOutline fontSize={18} /> : <EyeInvisibleOutline fontSize={18} />}
    </button>
  );
}

// The country list (a popup with search, antd's overlays and animations) loads when the phone tab
// is chosen, not with the screen.
const AreaCodePicker = lazy(() =>
  import('./AreaCodePicker.tsx').then((m) => ({ default: m.AreaCodePicker })),
);

/** The email or phone field of the three screens (phone: area code picker, digits only). */
export function AccountField<V extends Values>({
  form,
  type,
  areaCode,
  onAreaCode,
}: {
  form: PlainForm<V>;
  type: AccountType;
  areaCode: string | undefined;
  onAreaCode(code: string): void;
}) {
  const { t } = useTranslation();
  const isEmail = type === 'email';
  return (
    <Field
      form={form}
      name="account"
      label={isEmail ? t('auth.email') : t('auth.phone')}
      validateOn="blur"
      rules={[
        { required: true, whitespace: true, message: t('auth.required') },
        ...(isEmail ? [{ pattern: EMAIL_RE, message: t('auth.emailInvalid') }] : []),
      ]}
    >
      {(control) =>
        isEmail ? (
          <TextInput
            {...control}
            type="email"
            inputMode="email"
            autoComplete="username"
            placeholder={t('auth.emailPlaceholder')}
            clearable
          />
        ) : (
          <div className="pf-input pf-input--row">
            <Suspense
              fallback={
                <button type="button" className="area-btn num" disabled aria-label={t('auth.areaCode')}>
                  {areaCode ?? '+'}
                </button>
              }
            >
              <AreaCodePicker value={areaCode} onChange={onAreaCode} />
            </Suspense>
            <TextInput
              {...control}
              className="pf-input--bare"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('auth.phonePlaceholder')}
              onChange={(v) => control.onChange(v.replace(/[^\d]/g, ''))}
              clearable
            />
          </div>
        )
      }
    </Field>
  );
}

/** The password (with the strength rule on sign-up and reset) and its confirmation. */
export function PasswordField<V extends Values>({
  form,
  name = 'password',
  label,
  strict,
}: {
  form: PlainForm<V>;
  name?: keyof V & string;
  label?: string;
  strict?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field
      form={form}
      name={name}
      label={label ?? t('auth.password')}
      validateOn="blur"
      {...(strict ? { description: t('auth.passwordRule') } : {})}
      rules={[
        { required: true, message: t('auth.required') },
        ...(strict ? [{ pattern: PASSWORD_RE, message: t('auth.passwordWeak') }] : []),
      ]}
    >
      {(control) => (
        <PasswordInput
          {...control}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete={strict ? 'new-password' : 'current-password'}
        />
      )}
    </Field>
  );
}

/** `password_confirmation`, checked against `password` (re-checked when the password changes). */
export function ConfirmField<V extends Values>({ form }: { form: PlainForm<V> }) {
  const { t } = useTranslation();
  return (
    <Field
      form={form}
      name="password_confirmation"
      label={t('auth.confirmPassword')}
      validateOn="blur"
      rules={[
        { required: true, message: t('auth.required') },
        { check: (value, all) => !value || all.password === value, message: t('auth.passwordMismatch') },
      ]}
    >
      {(control) => (
        <PasswordInput {...control} placeholder={t('auth.confirmPlaceholder')} autoComplete="new-password" />
      )}
    </Field>
  );
}

/** The screen's main button: a native submit, busy while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="pf-submit" disabled={busy} aria-busy={busy}>
      {busy && <span className="pf-submit__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The answer to the image captcha, the image beside it (tap for a new one). */
export function CaptchaField<V extends Values>({
  form,
  captcha,
  onRefresh,
}: {
  form: PlainForm<V>;
  captcha: Captcha | undefined;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      form={form}
      name="captcha_code"
      label={t('auth.captcha')}
      rules={[{ required: true, message: t('auth.required') }]}
    >
      {(control) => (
        <div className="input-action">
          <TextInput {...control} placeholder={t('auth.captchaPlaceholder')} autoComplete="off" />
          <CaptchaImage captcha={captcha} onRefresh={onRefresh} />
        </div>
      )}
    </Field>
  );
}

/** The e-mailed or texted verification code, with the send button and its countdown. */
export function CodeField<V extends Values>({
  form,
  onSend,
}: {
  form: PlainForm<V>;
  onSend(): Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <Field
      form={form}
      name="code"
      label={t('auth.code')}
      rules={[{ required: true, message: t('auth.required') }]}
    >
      {(control) => (
        <div className="input-action">
          <TextInput
            {...control}
            placeholder={t('auth.codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <SendCodeButton onSend={onSend} />
        </div>
      )}
    </Field>
  );
}

// The frame /Login, /Register and /ForgetPwd share (ADR 096): plain elements only, like the forms
// (ADR 091: no antd Form on the path of /Login).

type AccountValues = { account: string; captcha_code: string };

/**
 * The account part of an auth form: e-mail or phone (switching clears `resetOnSwitch`), the phone's
 * area code, and the image captcha when the server asks for one.
 */
export function useAccountForm<V extends AccountValues>(
  form: PlainForm<V>,
  resetOnSwitch: (keyof V & string)[],
) {
  const [type, setType] = useState<AccountType>('email');
  const [areaCode, setAreaCode] = useState<string>();
  const captchaOn = useAppConfig().data?.captcha === true;
  const { captcha, refresh } = useCaptcha(captchaOn);
  return {
    type,
    areaCode,
    setAreaCode,
    captchaOn,
    captcha,
    refreshCaptcha: () => void refresh(),
    switchType(next: AccountType) {
      setType(next);
      form.resetFields(resetOnSwitch);
    },
    /** The request's account fields: type, account, a phone's area code, the solved image. */
    fields(values: V) {
      return {
        type,
        account: values.account.trim(),
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
      };
    },
    /** After every answer: the image was used up, so a fresh one and an empty field. */
    settled() {
      if (!captchaOn) return;
      form.setFieldValue('captcha_code', '');
      void refresh();
    },
  };
}

/** Page, hero, e-mail/phone tabs and the form; `after` goes below the form (links, legal line). */
export function AuthFrame({
  title,
  fallback,
  heroTitle,
  heroSubtitle,
  type,
  onType,
  onSubmit,
  children,
  after,
}: {
  title: string;
  fallback: string | null;
  heroTitle: string;
  heroSubtitle: string;
  type: AccountType;
  onType(next: AccountType): void;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <PageShell title={title} fallback={fallback}>
      <div className="auth">
        <AuthHero title={heroTitle} subtitle={heroSubtitle} />
        <AccountTypeTabs value={type} onChange={onType} />
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          {children}
        </form>
        {after}
      </div>
    </PageShell>
  );
}

/**
 * "Terms of Use and Privacy Policy" as two links around the language's "and". Italian elides the
 * article into the next word ("e l’Informativa"): after an apostrophe no space, where a space
 * after the joining word left "e l' Informativa" on the login and sign-up screens. Here, not in a
 * module of its own: a chunk of its own made /Login's first load 21 requests (budget 20, e2e/lighthouse).
 */
export function LegalLinks() {
  const { t } = useTranslation();
  const and = t('auth.and');
  const gap = /[’']$/.test(and) ? '' : ' ';
  return (
    <>
      <Link to="/Agree?type=terms">{t('auth.terms')}</Link> {and}
      {gap}
      <Link to="/Agree?type=privacy">{t('auth.privacy')}</Link>
    </>
  );
}
