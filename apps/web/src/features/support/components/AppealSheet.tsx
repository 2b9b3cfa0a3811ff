import { APPEAL_MESSAGE_MAX, APPEAL_MESSAGE_MIN } from '@ex/contract';
import type { AccountType } from '@ex/sdk';
import { Popup } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { useCaptcha } from '../../auth/api/captcha.ts';
import {
  AccountField,
  CaptchaField,
  Field,
  SubmitButton,
  usePlainForm,
} from '../../auth/components/auth-form.tsx';
import { useAppeal } from '../api.ts';
import '../appeal.css';

const FIELDS = ['account', 'area_code', 'message', 'captcha_code'] as const;

export interface AppealSheetProps {
  open: boolean;
  onClose(): void;
  /** The account as typed on the login screen: the sheet starts with it. */
  type: AccountType;
  account: string;
  areaCode: string | undefined;
}

/**
 * The contact form of a disabled account (ADR 268), opened from the login screen's refusal: the
 * account and a message, no session. Whatever the server found, it says the same ("if this is a
 * disabled account, support replies to its registered address"), so the form tells nobody whether
 * an address has an account. Loaded only when opened (antd-mobile's Popup stays off /Login's path).
 */
export default function AppealSheet({
  open,
  onClose,
  type,
  account,
  areaCode: initialArea,
}: AppealSheetProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const form = usePlainForm({ account, message: '', captcha_code: '' });
  const [areaCode, setAreaCode] = useState(initialArea);
  const captchaOn = useAppConfig().data?.captcha === true;
  const { captcha, refresh } = useCaptcha(captchaOn);
  const appeal = useAppeal();
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (appeal.isPending || !form.validateFields()) return;
    const values = form.current();
    appeal.mutate(
      {
        type,
        account: values.account.trim(),
        ...(type === 'phone' && areaCode ? { area_code: areaCode } : {}),
        message: values.message.trim(),
        ...(captchaOn && captcha ? { captcha_key: captcha.key, captcha_code: values.captcha_code } : {}),
      },
      {
        onSuccess: () => setDone(true),
        onError: (error) => showServerErrors(form, error, FIELDS),
        onSettled: () => {
          // The image was used up either way.
          if (!captchaOn) return;
          form.setFieldValue('captcha_code', '');
          void refresh();
        },
      },
    );
  };

  const length = form.values.message.trim().length;
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      destroyOnClose
    >
      <div className="appeal-sheet" role="dialog" aria-modal="true" aria-labelledby="appeal-sheet-title">
        <h2 className="appeal-sheet__title" id="appeal-sheet-title">
          {t(done ? 'security.support.appeal.doneTitle' : 'security.support.appeal.title')}
        </h2>
        {done ? (
          <div className="appeal-sheet__done" role="status">
            <p className="appeal-sheet__intro">{t('security.support.appeal.doneText')}</p>
            <button type="button" className="pf-submit" onClick={onClose}>
              {t('security.support.appeal.close')}
            </button>
          </div>
        ) : (
          <form className="auth-form" onSubmit={submit} noValidate>
            <p className="appeal-sheet__intro">{t('security.support.appeal.intro')}</p>
            <AccountField form={form} type={type} areaCode={areaCode} onAreaCode={setAreaCode} />
            <Field
              form={form}
              name="message"
              label={t('security.support.appeal.message')}
              validateOn="blur"
              rules={[
                { required: true, whitespace: true, message: t('auth.required') },
                {
                  check: (v) => typeof v !== 'string' || v.trim().length >= APPEAL_MESSAGE_MIN,
                  message: t('security.support.appeal.messageShort', { min: APPEAL_MESSAGE_MIN }),
                },
              ]}
            >
              {(control) => (
                <>
                  <div className="pf-input pf-input--area">
                    <textarea
                      id={control.id}
                      className="appeal-sheet__message"
                      value={control.value}
                      onChange={(e) => control.onChange(e.target.value)}
                      onBlur={control.onBlur}
                      aria-invalid={control['aria-invalid']}
                      aria-describedby={control['aria-describedby']}
                      placeholder={t('security.support.appeal.messagePlaceholder')}
                      maxLength={APPEAL_MESSAGE_MAX}
                      rows={5}
                    />
                  </div>
                  <div className="appeal-sheet__count num" aria-hidden="true">
                    {formatDecimal(String(length), lang)} / {formatDecimal(String(APPEAL_MESSAGE_MAX), lang)}
                  </div>
                </>
              )}
            </Field>
            {captchaOn && <CaptchaField form={form} captcha={captcha} onRefresh={() => void refresh()} />}
            <SubmitButton busy={appeal.isPending}>{t('security.support.send')}</SubmitButton>
          </form>
        )}
      </div>
    </Popup>
  );
}
