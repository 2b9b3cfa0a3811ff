import { Button, Form, List, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { useTotpDisable, useTotpEnable, useTotpSetup, useTotpStatus } from '../api/security.ts';
import { QrSvg } from '../components/QrSvg.tsx';
import { normalizeTotp, TOTP_RE } from '../components/TotpField.tsx';
import '../../user/security.css';
import { showToast } from '../../../lib/toast.ts';

/**
 * /TwoFactor: enrol an authenticator app (QR code drawn here from the otpauth URI, the key to copy,
 * a confirming code), see the recovery codes once, or turn 2FA off with a code (ADR 204).
 */
export default function TwoFactor() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [enrolForm] = Form.useForm<{ code: string }>();
  const [offForm] = Form.useForm<{ code: string }>();

  const finishRecovery = () => {
    setCodes(null);
    setup.reset();
    void status.refetch();
  };

  let body: React.ReactNode;
  if (codes) {
    body = (
      <section className="sec-form" aria-labelledby="sec-rc-title">
        <h2 id="sec-rc-title" className="sec-h2">
          {t('security.twofa.recoveryTitle')}
        </h2>
        <p className="sec-note sec-note--flush" role="note">
          {t('security.twofa.recoveryNote')}
        </p>
        <ol className="sec-codes num">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div className="sec-actions">
          <CopyButton text={codes.join('\n')} label={t('security.twofa.copyAll')} className="btn-ghost" />
        </div>
        <Button block color="primary" size="large" onClick={finishRecovery}>
          {t('security.twofa.savedThem')}
        </Button>
      </section>
    );
  } else if (status.isPending) {
    body = <Skeleton.Paragraph lineCount={4} animated />;
  } else if (status.data?.enabled) {
    body = (
      <>
        <List className="link-list">
          <List.Item
            extra={<span className="status-chip status-chip--up">{t('security.twofa.on')}</span>}
            description={t('security.twofa.left', { count: status.data.recovery_codes_left })}
          >
            {t('security.twofa.enabled')}
          </List.Item>
        </List>
        <p className="sec-note" role="note">
          {t('security.twofa.disableNote')}
        </p>
        <Form
          form={offForm}
          layout="vertical"
          className="auth-form sec-form"
          onFinish={(v) =>
            disable.mutate(normalizeTotp(v.code) ?? '', {
              onSuccess: () => {
                offForm.resetFields();
                showToast(t('security.twofa.disabled'), 2000, 'success');
              },
            })
          }
          footer={
            <Button
              block
              type="submit"
              color="danger"
              fill="outline"
              size="large"
              loading={disable.isPending}
            >
              {t('security.twofa.disableConfirm')}
            </Button>
          }
        >
          <Form.Item
            name="code"
            label={t('security.totp.code')}
            rules={[
              { required: true, message: t('auth.required') },
              {
                pattern: TOTP_RE,
                message: t('security.twofa.placeholder'),
                transform: (v) => normalizeTotp(v),
              },
            ]}
          >
            <FieldInput
              placeholder={t('security.twofa.placeholder')}
              autoComplete="one-time-code"
              maxLength={10}
            />
          </Form.Item>
        </Form>
      </>
    );
  } else if (setup.data) {
    const { secret, otpauth_uri } = setup.data;
    body = (
      <div className="sec-form">
        <p className="sec-step">{t('security.twofa.scan')}</p>
        <div className="sec-qr-box">
          <QrSvg text={otpauth_uri} label={t('security.twofa.qr')} />
        </div>
        <p className="sec-step">{t('security.twofa.manual')}</p>
        <div className="sec-secret">
          <code className="num" data-testid="totp-secret">
            {secret}
          </code>
          <CopyButton text={secret} label={t('security.twofa.copy')} className="btn-ghost" />
        </div>
        <p className="sec-step">{t('security.twofa.enter')}</p>
        <Form
          form={enrolForm}
          layout="vertical"
          className="auth-form"
          onFinish={(v) =>
            enable.mutate(v.code.trim(), {
              onSuccess: (r) => {
                showToast(t('security.twofa.enabled'), 2000, 'success');
                setCodes(r.recovery_codes);
              },
            })
          }
          footer={
            <Button block type="submit" color="primary" size="large" loading={enable.isPending}>
              {t('security.twofa.confirm')}
            </Button>
          }
        >
          <Form.Item
            name="code"
            label={t('security.totp.code')}
            rules={[
              { required: true, message: t('auth.required') },
              { pattern: /^\d{6}$/, message: t('security.twofa.sixDigits') },
            ]}
          >
            <FieldInput inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="000000" />
          </Form.Item>
        </Form>
      </div>
    );
  } else {
    body = (
      <>
        <List className="link-list">
          <List.Item extra={<span className="status-chip status-chip--warn">{t('security.twofa.off')}</span>}>
            {t('titles.twoFactor')}
          </List.Item>
        </List>
        <p className="sec-note" role="note">
          {t('security.twofa.intro')}
        </p>
        <div className="sec-form sec-form--action">
          <Button block color="primary" size="large" loading={setup.isPending} onClick={() => setup.mutate()}>
            {t('security.twofa.start')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <PageShell title={t('titles.twoFactor')} fallback="/Setting">
      {body}
    </PageShell>
  );
}
