import { ERRORS, luhnValid } from '@ex/contract';
import { isApiError } from '@ex/sdk';
import { Button, Form, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { groupCardNumber, useAddBankCard } from '../api/bank.ts';
import '../../kyc/kyc.css';
import { showToast } from '../../../lib/toast.ts';

const FIELDS = ['holder_name', 'bank_name', 'card_number', 'branch_name', 'branch_code'] as const;

interface Values {
  holder_name: string;
  bank_name: string;
  card_number: string;
  branch_name?: string;
  branch_code?: string;
}

export default function BankCardAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<Values>();
  const add = useAddBankCard();

  const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

  const confirm = () => {
    if (!pending || add.isPending) return;
    const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
    const branchName = optional(pending.branch_name);
    const branchCode = optional(pending.branch_code);
    add.mutate(
      {
        holder_name: pending.holder_name.trim(),
        bank_name: pending.bank_name.trim(),
        card_number: digits(pending.card_number),
        ...(branchName ? { branch_name: branchName } : {}),
        ...(branchCode ? { branch_code: branchCode } : {}),
      },
      {
        onSuccess: () => {
          setPending(undefined);
          showToast(t('kyc.bank.added'), 2000);
          navigate('/BankCard', { replace: true });
        },
        onError: (error) => {
          setPending(undefined);
          showServerErrors(form, error, FIELDS);
          // The holder-name refusal (1042) is about one field: mark it too.
          if (isApiError(error) && error.code === ERRORS.BANK_CARD_NAME_MISMATCH.code) {
            form.setFields([{ name: 'holder_name', errors: [error.message] }]);
          }
        },
      },
    );
  };

  const required = { required: true, whitespace: true, message: t('kyc.form.required') };
  return (
    <PageShell title={t('kyc.bank.addTitle')} fallback="/BankCard">
      <div className="kyc">
        <Form
          form={form}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={(v: Values) => setPending(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={add.isPending}>
              {t('kyc.form.next')}
            </Button>
          }
        >
          <Form.Item
            name="holder_name"
            label={t('kyc.bank.holder')}
            description={t('kyc.bank.holderHint')}
            rules={[required]}
          >
            <FieldInput maxLength={100} autoComplete="cc-name" />
          </Form.Item>
          <Form.Item name="bank_name" label={t('kyc.bank.bankName')} rules={[required]}>
            <FieldInput maxLength={60} placeholder={t('kyc.bank.bankNamePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="card_number"
            label={t('kyc.bank.cardNumber')}
            normalize={(v: string) => groupCardNumber(v ?? '')}
            rules={[
              required,
              {
                validator: async (_rule, value: string | undefined) => {
                  const d = digits(value);
                  if (d.length === 0) return;
                  if (d.length < 12 || d.length > 19 || !luhnValid(d))
                    throw new Error(t('kyc.bank.cardNumberInvalid'));
                },
              },
            ]}
          >
            <FieldInput
              inputMode="numeric"
              autoComplete="cc-number"
              className="num"
              placeholder={t('kyc.bank.cardNumberPlaceholder')}
            />
          </Form.Item>
          <Form.Item name="branch_name" label={t('kyc.bank.branchName')}>
            <FieldInput maxLength={80} />
          </Form.Item>
          <Form.Item name="branch_code" label={t('kyc.bank.branchCode')}>
            <FieldInput maxLength={20} />
          </Form.Item>
        </Form>
      </div>

      <Popup
        visible={pending !== undefined}
        onMaskClick={() => setPending(undefined)}
        onClose={() => setPending(undefined)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="sheet kyc" role="dialog" aria-label={t('kyc.bank.confirmTitle')}>
          <div className="sheet__title">{t('kyc.bank.confirmTitle')}</div>
          <p className="kyc-intro">
            {pending &&
              t('kyc.bank.confirmText', {
                bank: pending.bank_name.trim(),
                last4: digits(pending.card_number).slice(-4),
                holder: pending.holder_name.trim(),
              })}
          </p>
          <div className="bank-card">
            <div className="bank-card__bank">{pending?.bank_name}</div>
            <div className="bank-card__number num">{groupCardNumber(pending?.card_number ?? '')}</div>
            <div className="bank-card__holder">{pending?.holder_name}</div>
          </div>
          <div className="kyc-actions">
            <Button size="large" onClick={() => setPending(undefined)} disabled={add.isPending}>
              {t('common.cancel')}
            </Button>
            <Button color="primary" size="large" loading={add.isPending} onClick={confirm}>
              {t('kyc.bank.confirm')}
            </Button>
          </div>
        </div>
      </Popup>
    </PageShell>
  );
}
