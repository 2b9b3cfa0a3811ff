import type { AccountType } from '@ex/sdk';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PageShell } from '../../../components/PageShell.tsx';
import { useAppConfig } from '../../../lib/queries.ts';
import { useCaptcha } from '../api/captcha.ts';
import { AccountTypeTabs } from './AccountTypeTabs.tsx';
import { AuthHero } from './AuthHero.tsx';
import type { PlainForm } from './auth-form.tsx';

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
