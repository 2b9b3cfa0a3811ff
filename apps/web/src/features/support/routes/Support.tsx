import { Button, Collapse, Form, List, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FieldInput, FieldTextArea } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { ImageUpload } from '../../kyc/components/ImageUpload.tsx';
import { FormSheet } from '../../security/components/FormSheet.tsx';
import { useFaq, useTicketChange, useTickets } from '../api.ts';
import '../../kyc/kyc.css';
import '../../user/security.css';
import { showToast } from '../../../lib/toast.ts';

export const STATUS_CHIP = { open: 'status-chip--warn', answered: 'status-chip--up', closed: '' } as const;

/** /Support: the FAQ in my language, my tickets (unread replies marked) and a new ticket (ADR 208). */
export default function Support() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const navigate = useNavigate();
  const faq = useFaq(lang);
  const tickets = useTickets();
  const { create } = useTicketChange();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<string>();
  const [form] = Form.useForm<{ subject: string; body: string }>();

  const submit = (v: { subject: string; body: string }) =>
    create.mutate(
      { subject: v.subject.trim(), body: v.body.trim(), ...(image ? { image } : {}) },
      {
        onSuccess: (ticket) => {
          setOpen(false);
          setImage(undefined);
          form.resetFields();
          showToast(t('security.support.sent'), 2000, 'success');
          navigate(`/SupportTicket?id=${ticket.id}`);
        },
        onError: (e) => showServerErrors(form, e, ['subject', 'body']),
      },
    );

  const list = tickets.data?.list ?? [];
  return (
    <PageShell title={t('titles.support')} fallback="/">
      <List className="link-list" header={t('security.support.faq')} />
      {faq.isPending && <Skeleton.Paragraph lineCount={3} animated />}
      {faq.data && faq.data.length === 0 && <EmptyState compact text={t('security.support.noFaq')} />}
      {faq.data && faq.data.length > 0 && (
        <Collapse accordion>
          {faq.data.map((a) => (
            <Collapse.Panel key={a.id} title={a.title}>
              <div className="sec-faq">{a.body}</div>
            </Collapse.Panel>
          ))}
        </Collapse>
      )}

      <List className="link-list" header={t('security.support.tickets')}>
        {list.map((tk) => (
          <List.Item
            key={tk.id}
            arrow
            onClick={() => navigate(`/SupportTicket?id=${tk.id}`)}
            description={<span className="num">{formatDateTime(tk.updated_at, lang)}</span>}
            extra={
              <span className={`status-chip ${STATUS_CHIP[tk.status]}`}>
                {t(`security.support.status_${tk.status}`)}
              </span>
            }
          >
            {tk.subject}
            {tk.unread && <span className="sec-dot" role="img" aria-label={t('security.support.unread')} />}
          </List.Item>
        ))}
      </List>
      {tickets.data && list.length === 0 && <EmptyState compact text={t('security.support.noTickets')} />}
      <div className="sec-form">
        <Button block color="primary" size="large" onClick={() => setOpen(true)}>
          {t('security.support.new')}
        </Button>
      </div>

      <FormSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('security.support.new')}
        form={form}
        onFinish={submit}
        submitText={t('security.support.send')}
        loading={create.isPending}
      >
        <Form.Item
          name="subject"
          label={t('security.support.subject')}
          rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
        >
          <FieldInput placeholder={t('security.support.subjectPlaceholder')} maxLength={120} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('security.support.body')}
          rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
        >
          <FieldTextArea
            placeholder={t('security.support.bodyPlaceholder')}
            rows={4}
            maxLength={5000}
            showCount
          />
        </Form.Item>
        <div className="kyc-uploads sec-attach">
          <ImageUpload label={t('security.support.attach')} value={image} onChange={setImage} />
        </div>
      </FormSheet>
    </PageShell>
  );
}
