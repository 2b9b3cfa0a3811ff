import type { AccountType, CodeScene } from '@ex/sdk';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSendCode } from '../api/send-code.ts';
import type { PlainForm } from './auth-form.tsx';

interface Options {
  form: PlainForm<{ account: string; captcha_code?: string }>;
  type: AccountType;
  areaCode: string | undefined;
  scene: CodeScene;
  captcha: { key: string } | undefined;
  captchaOn: boolean;
  refreshCaptcha(): void;
}

/**
 * The send-code action for SendCodeButton: checks the account (and image code) fields first, then
 * asks the server; field errors land under the fields like a submit's would.
 */
export function useCodeSender({ form, type, areaCode, scene, captcha, captchaOn, refreshCaptcha }: Options) {
  const { t } = useTranslation();
  const send = useSendCode();
  return async (): Promise<boolean> => {
    if (!form.validateFields(captchaOn ? ['account', 'captcha_code'] : ['account'])) return false;
    const values = form.current();
    try {
      await send.mutateAsync({
        type,
        account: values.account.trim(),
        scene,
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
      });
      showToast(t('auth.codeSent'));
      return true;
    } catch (error) {
      showServerErrors(form, error, ['account', 'captcha_code', 'area_code']);
      return false;
    } finally {
      if (captchaOn) {
        form.setFieldValue('captcha_code', '');
        refreshCaptcha();
      }
    }
  };
}
