import type { WithdrawAddress } from '@ex/contract';
import { Button, Form, List, Skeleton, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { validateAddress } from '../../funds/lib/withdraw-form.ts';
import { useAddressBook, useAddressBookChange, useTotpStatus } from '../api/security.ts';
import { confirmDanger, FormSheet } from '../components/FormSheet.tsx';
import { normalizeTotp, TOTP_RE, TotpField } from '../components/TotpField.tsx';
import '../../user/security.css';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { showToast } from '../../../lib/toast.ts';

interface Values {
  label: string;
  address: string;
  totp_code?: string;
}

/** Asks for the authenticator code in a dialog (2FA on) before a guarded change; null when cancelled. */
async function askTotp(l: { title: string; placeholder: string; ok: string; cancel: string }) {
  let value = '';
  const ok = await confirmDialog({
    title: l.title,
    content: (
      <FieldInput
        placeholder={l.placeholder}
        autoComplete="one-time-code"
        maxLength={10}
        onChange={(v) => {
          value = v;
        }}
      />
    ),
    confirmText: l.ok,
    cancelText: l.cancel,
  });
  const code = normalizeTotp(value);
  return ok && code && TOTP_RE.test(code) ? code : null;
}

/**
 * /AddressBook: saved withdrawal addresses and the allow-list mode (ADR 205): with it on, only saved
 * addresses older than 24 h receive withdrawals; turning it off holds withdrawals for 24 h.
 */
export default function AddressBook() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const book = useAddressBook();
  const totpOn = useTotpStatus().data?.enabled === true;
  const { add, remove, allowlist } = useAddressBookChange();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const now = Date.now();

  const toggle = async (enabled: boolean) => {
    if (!enabled) {
      const ok = await confirmDialog({
        content: t('security.book.allowOffConfirm'),
        confirmText: t('common.confirm'),
        cancelText: <span className="dialog-cancel">{t('common.cancel')}</span>,
      });
      if (!ok) return;
    }
    const totp_code =
      !enabled && totpOn
        ? await askTotp({
            title: t('security.totp.code'),
            placeholder: t('security.twofa.placeholder'),
            ok: t('common.confirm'),
            cancel: t('common.cancel'),
          })
        : undefined;
    if (totp_code === null) return;
    allowlist.mutate({ enabled, ...(totp_code ? { totp_code } : {}) });
  };

  const submit = (v: Values) =>
    add.mutate(
      {
        coin: 'USDC',
        network: 'TRC20',
        address: v.address.trim(),
        label: v.label.trim(),
        ...(v.totp_code ? { totp_code: normalizeTotp(v.totp_code) } : {}),
      },
      {
        onSuccess: () => {
          setOpen(false);
          form.resetFields();
          showToast(t('security.book.added'), 2000, 'success');
        },
        onError: (e) => showServerErrors(form, e, ['label', 'address', 'totp_code']),
      },
    );

  const del = async (a: WithdrawAddress) => {
    const ok = await confirmDanger(
      t('security.book.deleteConfirm'),
      t('security.book.delete'),
      t('common.cancel'),
    );
    if (ok)
      remove.mutate(a.id, {
        onSuccess: () => showToast(t('security.book.deleted'), 2000, 'success'),
      });
  };

  const data = book.data;
  return (
    <PageShell title={t('titles.addressBook')} fallback="/Setting">
      <p className="sec-note" role="note">
        {t('security.book.intro')}
      </p>
      <List className="link-list">
        <List.Item
          description={
            data?.withdraw_hold_until
              ? t('security.book.hold', { time: formatDateTime(data.withdraw_hold_until, lang) })
              : t('security.book.allowOffNote')
          }
          extra={
            <Switch
              checked={data?.allowlist ?? false}
              loading={allowlist.isPending}
              disabled={!data}
              onChange={(v) => void toggle(v)}
              aria-label={t('security.book.allowlist')}
            />
          }
        >
          {t('security.book.allowlist')}
        </List.Item>
      </List>
      <div className="sec-form sec-form--action">
        <Button block color="primary" size="large" onClick={() => setOpen(true)}>
          {t('security.book.add')}
        </Button>
      </div>
      {book.isPending && <Skeleton.Paragraph lineCount={3} animated />}
      {book.isError && !data && <LoadFailed compact onRetry={() => void book.refetch()} />}
      {data && data.list.length === 0 && <EmptyState compact text={t('security.book.none')} />}
      {data && data.list.length > 0 && (
        <List className="link-list">
          {data.list.map((a) => (
            <List.Item
              key={a.id}
              description={
                <>
                  <span className="sec-item-sub num">{a.address}</span>
                  <span className="sec-item-sub">
                    {a.network} ·{' '}
                    {a.usable_at > now ? (
                      <span className="warn-text">
                        {t('security.book.usableAt', { time: formatDateTime(a.usable_at, lang) })}
                      </span>
                    ) : (
                      <span className="up">{t('security.book.ready')}</span>
                    )}
                  </span>
                </>
              }
              extra={
                <button type="button" className="btn-ghost down" onClick={() => void del(a)}>
                  {t('security.book.delete')}
                </button>
              }
            >
              {a.label}
            </List.Item>
          ))}
        </List>
      )}
      <FormSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('security.book.add')}
        form={form}
        onFinish={submit}
        submitText={t('security.book.add')}
        loading={add.isPending}
      >
        <Form.Item
          name="label"
          label={t('security.book.label')}
          rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
        >
          <FieldInput placeholder={t('security.book.labelPlaceholder')} maxLength={40} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('security.book.address')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                const e = validateAddress((v ?? '').trim());
                if (e === 'required') throw new Error(t('funds.withdraw.addressRequired'));
                if (e) throw new Error(t('funds.withdraw.addressInvalid'));
              },
            },
          ]}
        >
          <FieldInput
            className="num"
            placeholder={t('funds.withdraw.addressPlaceholder')}
            autoComplete="off"
          />
        </Form.Item>
        <TotpField />
      </FormSheet>
    </PageShell>
  );
}
