import { Button, Form, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useProtection, useSetAntiPhishing } from '../api/security.ts';
import { normalizeTotp, TotpField } from '../components/TotpField.tsx';
import '../../user/security.css';
import { showToast } from '../../../lib/toast.ts';

/** /AntiPhishing: the code every e-mail from the exchange shows (ADR 206). */
export default function AntiPhishing() {
  const { t } = useTranslation();
  const protection = useProtection();
  const save = useSetAntiPhishing();
  const [form] = Form.useForm<{ code: string; totp_code?: string }>();
  const current = protection.data?.anti_phishing_code;
  return (
    <PageShell title={t('titles.antiPhishing')} fallback="/Setting">
      <p className="sec-note" role="note">
        {t('security.phish.intro')}
      </p>
      <List className="link-list">
        <List.Item
          extra={
            current ? (
              <span className="num" data-testid="anti-phishing-current">
                {current}
              </span>
            ) : (
              <span className="muted">{t('security.phish.notSet')}</span>
            )
          }
        >
          {t('security.phish.title')}
        </List.Item>
      </List>
      <Form
        form={form}
        layout="vertical"
        className="auth-form sec-form"
        onFinish={(v) =>
          save.mutate(
            { code: v.code.trim(), ...(v.totp_code ? { totp_code: normalizeTotp(v.totp_code) } : {}) },
            {
              onSuccess: () => {
                form.resetFields();
                showToast(t('security.phish.saved'), 2000, 'success');
              },
              onError: (e) => showServerErrors(form, e, ['code', 'totp_code']),
            },
          )
        }
        footer={
          <Button block type="submit" color="primary" size="large" loading={save.isPending}>
            {t('security.phish.save')}
          </Button>
        }
      >
        <Form.Item
          name="code"
          label={t('security.phish.code')}
          rules={[
            { required: true, message: t('auth.required') },
            { pattern: /^[A-Za-z0-9]{4,20}$/, message: t('security.phish.placeholder') },
          ]}
        >
          <FieldInput placeholder={t('security.phish.placeholder')} maxLength={20} autoComplete="off" />
        </Form.Item>
        <TotpField />
      </Form>
    </PageShell>
  );
}
