import type { ApiKeyCreateRequest, ApiKeyItem } from '@ex/sdk';
import { Button, Form, List, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useApiKeyChange, useApiKeys } from '../api/security.ts';
import { confirmDanger, FormSheet } from '../components/FormSheet.tsx';
import { normalizeTotp, TotpField } from '../components/TotpField.tsx';
import '../../user/security.css';
import { alertDialog } from '../../../app/lazy-overlays.tsx';
import { showToast } from '../../../lib/toast.ts';

type Permission = ApiKeyItem['permissions'][number];
const PERMISSIONS: readonly Permission[] = ['read', 'trade', 'withdraw'];
const EXPIRY = ['0', '30', '90', '180', '365'] as const;
const IP_RE = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]{2,39})$/;

interface Values {
  label: string;
  permissions: Permission[];
  ip: string;
  expiry: string[];
  password: string;
  totp_code?: string;
}

/** Splits "1.2.3.4, 5.6.7.8 ::1" into addresses. */
export function parseIps(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,;]+/).filter((s) => s !== '');
}

/** /ApiKeys: my API keys (ADR 202): list, create (the secret shown once), delete after a confirmation. */
export default function ApiKeys() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const keys = useApiKeys();
  const { create, remove } = useApiKeyChange();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();

  const showSecret = (k: { api_key: string; secret: string }) =>
    alertDialog({
      title: t('security.keys.createdTitle'),
      confirmText: t('security.keys.done'),
      content: (
        <div>
          <p className="sec-note sec-note--flush">{t('security.keys.secretOnce')}</p>
          <p className="sec-step">{t('security.keys.key')}</p>
          <div className="sec-secret">
            <code className="num" data-testid="apikey-key">
              {k.api_key}
            </code>
            <CopyButton text={k.api_key} label={t('security.twofa.copy')} className="btn-ghost" />
          </div>
          <p className="sec-step">{t('security.keys.secret')}</p>
          <div className="sec-secret">
            <code className="num" data-testid="apikey-secret">
              {k.secret}
            </code>
            <CopyButton text={k.secret} label={t('security.twofa.copy')} className="btn-ghost" />
          </div>
        </div>
      ),
    });

  const submit = (v: Values) => {
    const days = Number(v.expiry?.[0] ?? '0');
    const ips = parseIps(v.ip);
    const body: ApiKeyCreateRequest = {
      label: v.label.trim(),
      permissions: v.permissions,
      password: v.password,
      ...(ips.length > 0 ? { ip_allow: ips } : {}),
      ...(days > 0 ? { expires_in_days: days } : {}),
      ...(v.totp_code ? { totp_code: normalizeTotp(v.totp_code) } : {}),
    };
    create.mutate(body, {
      onSuccess: (k) => {
        setOpen(false);
        form.resetFields();
        void showSecret(k);
      },
      onError: (e) => showServerErrors(form, e, ['label', 'permissions', 'password', 'totp_code']),
    });
  };

  const del = async (k: ApiKeyItem) => {
    const ok = await confirmDanger(
      t('security.keys.deleteConfirm', { label: k.label }),
      t('security.keys.delete'),
      t('common.cancel'),
    );
    if (!ok) return;
    remove.mutate(k.id, {
      onSuccess: () => showToast(t('security.keys.deleted'), 2000, 'success'),
    });
  };

  const list = keys.data ?? [];
  return (
    <PageShell title={t('titles.apiKeys')} fallback="/Setting">
      <p className="sec-note" role="note">
        {t('security.keys.intro')}
      </p>
      <div className="sec-form sec-form--action">
        <Button block color="primary" size="large" onClick={() => setOpen(true)}>
          {t('security.keys.create')}
        </Button>
      </div>
      {keys.isPending && <Skeleton.Paragraph lineCount={3} animated />}
      {keys.isError && !keys.data && <LoadFailed compact onRetry={() => void keys.refetch()} />}
      {keys.data && list.length === 0 && <EmptyState compact text={t('security.keys.none')} />}
      {list.length > 0 && (
        <List className="link-list">
          {list.map((k) => (
            <List.Item
              key={k.id}
              description={
                <>
                  <span className="sec-item-sub num">{k.api_key}</span>
                  <span className="sec-item-sub">
                    {k.permissions.map((p) => t(`security.keys.${p}`)).join(' · ')} ·{' '}
                    {k.ip_allow.length > 0 ? k.ip_allow.join(', ') : t('security.keys.anyIp')}
                  </span>
                  <span className="sec-item-sub">
                    {k.last_used_at
                      ? t('security.keys.lastUsed', { time: formatDateTime(k.last_used_at, lang) })
                      : t('security.keys.neverUsed')}
                    {k.expires_at
                      ? ` · ${t('security.keys.expires', { time: formatDateTime(k.expires_at, lang) })}`
                      : ''}
                  </span>
                </>
              }
              extra={
                <button type="button" className="btn-ghost down" onClick={() => void del(k)}>
                  {t('security.keys.delete')}
                </button>
              }
            >
              {k.label}
            </List.Item>
          ))}
        </List>
      )}

      <FormSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('security.keys.create')}
        form={form}
        onFinish={submit}
        submitText={t('security.keys.create')}
        loading={create.isPending}
        initialValues={{ permissions: ['read'], expiry: ['90'] }}
      >
        <Form.Item
          name="label"
          label={t('security.keys.label')}
          rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
        >
          <FieldInput placeholder={t('security.keys.labelPlaceholder')} maxLength={40} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('security.keys.permissions')}
          rules={[{ required: true, type: 'array', min: 1, message: t('auth.required') }]}
        >
          <Selector
            multiple
            options={PERMISSIONS.map((p) => ({ label: t(`security.keys.${p}`), value: p }))}
          />
        </Form.Item>
        <Form.Item
          name="ip"
          label={t('security.keys.ip')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (!parseIps(v).every((ip) => IP_RE.test(ip))) throw new Error(t('security.keys.ipBad'));
              },
            },
          ]}
        >
          <FieldInput placeholder={t('security.keys.ipPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="expiry" label={t('security.keys.expiry')}>
          <Selector
            options={EXPIRY.map((d) => ({
              label: d === '0' ? t('security.keys.never') : t('security.keys.days', { count: Number(d) }),
              value: d,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('security.keys.password')}
          rules={[{ required: true, message: t('auth.required') }]}
        >
          <FieldInput type="password" autoComplete="current-password" />
        </Form.Item>
        <TotpField />
      </FormSheet>
    </PageShell>
  );
}
