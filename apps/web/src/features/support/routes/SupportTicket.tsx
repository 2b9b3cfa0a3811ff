import type { SupportTicketDetail } from '@ex/sdk';
import { Button, Form, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FieldTextArea } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { ImageUpload } from '../../kyc/components/ImageUpload.tsx';
import { usePrivateImage, useTicket, useTicketChange } from '../api.ts';
import { STATUS_CHIP } from './Support.tsx';
import '../../kyc/kyc.css';
import '../../user/security.css';
import { showToast } from '../../../lib/toast.ts';

type Message = SupportTicketDetail['messages'][number];

function Attachment({ id, label }: { id: string; label: string }) {
  const src = usePrivateImage(id);
  return src ? <img src={src} alt={label} /> : null;
}

function MessageView({ m }: { m: Message }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <div className={`sec-msg ${m.from === 'operator' ? 'sec-msg--op' : ''}`}>
      <span className="sec-msg__meta">
        {m.from === 'operator' ? t('security.support.operator') : t('security.support.you')} ·{' '}
        <span className="num">{formatDateTime(m.created_at, lang)}</span>
      </span>
      {m.body}
      {m.image_url && <Attachment id={m.image_url} label={t('security.support.attachment')} />}
    </div>
  );
}

/** /SupportTicket?id=: one of my tickets with its conversation and a reply form. */
export default function SupportTicket() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const ticket = useTicket(id);
  const { reply } = useTicketChange();
  const [image, setImage] = useState<string>();
  const [form] = Form.useForm<{ body: string }>();
  const data = ticket.data;

  return (
    <PageShell title={data?.subject ?? t('titles.supportTicket')} fallback="/Support">
      {/* Without an id the query never runs: a skeleton there would stay forever. */}
      {id === '' || ticket.isError ? (
        <EmptyState text={t('security.support.notFound')} />
      ) : (
        ticket.isPending && <Skeleton.Paragraph lineCount={4} animated />
      )}
      {data && (
        <>
          <div className="sec-form">
            <span className={`status-chip ${STATUS_CHIP[data.status]}`}>
              {t(`security.support.status_${data.status}`)}
            </span>
          </div>
          {data.messages.map((m) => (
            <MessageView key={m.id} m={m} />
          ))}
          {data.status === 'closed' ? (
            <p className="sec-note" role="note">
              {t('security.support.closedNote')}
            </p>
          ) : (
            <Form
              form={form}
              layout="vertical"
              className="auth-form sec-form"
              onFinish={(v) =>
                reply.mutate(
                  { id, body: { body: v.body.trim(), ...(image ? { image } : {}) } },
                  {
                    onSuccess: () => {
                      form.resetFields();
                      setImage(undefined);
                      showToast(t('security.support.replied'), 2000, 'success');
                    },
                    onError: (e) => showServerErrors(form, e, ['body']),
                  },
                )
              }
              footer={
                <Button block type="submit" color="primary" loading={reply.isPending}>
                  {t('security.support.reply')}
                </Button>
              }
            >
              <Form.Item
                name="body"
                label={t('security.support.reply')}
                rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
              >
                <FieldTextArea
                  placeholder={t('security.support.replyPlaceholder')}
                  rows={3}
                  maxLength={5000}
                />
              </Form.Item>
              <div className="kyc-uploads sec-attach">
                <ImageUpload label={t('security.support.attach')} value={image} onChange={setImage} />
              </div>
            </Form>
          )}
        </>
      )}
    </PageShell>
  );
}
