import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { api, client } from '../../../lib/api.ts';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { isoDay } from '../../../lib/time.ts';
import { confirmDanger } from '../components/FormSheet.tsx';
import { normalizeTotp, TotpField } from '../components/TotpField.tsx';
import '../../user/security.css';
import { showToast } from '../../../lib/toast.ts';

/** Saves a JSON document as a file the browser downloads. */
function saveJson(data: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** /Privacy: download my data, close my account (ADR 207). */
export default function Privacy() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ password: string; totp_code?: string }>();
  const exporter = useMutation({ mutationFn: () => api.user.exportData() });
  const closer = useMutation({
    mutationFn: (b: { password: string; totp_code?: string }) => api.user.deleteAccount(b),
  });

  const download = () =>
    exporter.mutate(undefined, {
      onSuccess: (data) => {
        saveJson(data, `account-${isoDay(Date.now())}.json`);
        showToast(t('security.privacy.exported'), 2000, 'success');
      },
    });

  const close = async (v: { password: string; totp_code?: string }) => {
    const ok = await confirmDanger(
      t('security.privacy.confirm'),
      t('security.privacy.delete'),
      t('common.cancel'),
    );
    if (!ok) return;
    closer.mutate(
      { password: v.password, ...(v.totp_code ? { totp_code: normalizeTotp(v.totp_code) } : {}) },
      {
        onSuccess: () => {
          client.setToken(null);
          queryClient.clear();
          showToast(t('security.privacy.deleted'), 3000, 'success');
          navigate('/Login', { replace: true });
        },
        onError: (e) => showServerErrors(form, e, ['password', 'totp_code']),
      },
    );
  };

  return (
    <PageShell title={t('titles.privacy')} fallback="/Setting">
      <List className="link-list">
        <List.Item
          description={t('security.privacy.exportNote')}
          extra={
            <Button
              size="small"
              color="primary"
              fill="outline"
              loading={exporter.isPending}
              onClick={download}
            >
              {t('security.privacy.export')}
            </Button>
          }
        >
          {t('security.privacy.exportTitle')}
        </List.Item>
      </List>
      <h2 className="sec-h2 sec-h2--page">{t('security.privacy.deleteTitle')}</h2>
      <p className="sec-note" role="note">
        {t('security.privacy.deleteNote')}
      </p>
      <Form
        form={form}
        layout="vertical"
        className="auth-form sec-form"
        onFinish={(v) => void close(v)}
        footer={
          <Button block type="submit" color="danger" fill="outline" size="large" loading={closer.isPending}>
            {t('security.privacy.delete')}
          </Button>
        }
      >
        <Form.Item
          name="password"
          label={t('security.privacy.password')}
          rules={[{ required: true, message: t('auth.required') }]}
        >
          <FieldInput type="password" autoComplete="current-password" />
        </Form.Item>
        <TotpField />
      </Form>
    </PageShell>
  );
}
