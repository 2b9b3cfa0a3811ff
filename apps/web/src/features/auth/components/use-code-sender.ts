import type { AccountType, CodeScene } from '@ex/sdk';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type FormApi, showServerErrors } from '../../../lib/form-errors.ts';
import { useSendCode } from '../api/send-code.ts';

interface Options {
  form: FormApi;
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
    try {
      await form.validateFields(captchaOn ? ['account', 'captcha_code'] : ['account']);
    } catch {
      return false;
    }
    const values = form.getFieldsValue(['account', 'captcha_code']) as {
      account: string;
      captcha_code?: string;
    };
    try {
      await send.mutateAsync({
        type,
        account: values.account.trim(),
        scene,
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
      });
      Toast.show({ content: t('auth.codeSent'), duration: 2000 });
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
