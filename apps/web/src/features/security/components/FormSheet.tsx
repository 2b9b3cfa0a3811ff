import { Button, Form, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';

interface Props<V> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** From `Form.useForm()`. */
  form: ReturnType<typeof Form.useForm<V>>[0];
  onFinish: (values: V) => void;
  submitText: string;
  loading: boolean;
  initialValues?: Partial<V>;
  children: ReactNode;
}

/** A bottom sheet with a titled form and one full-width submit button (create key, add address, new ticket). */
export function FormSheet<V>({
  open,
  onClose,
  title,
  form,
  onFinish,
  submitText,
  loading,
  initialValues,
  children,
}: Props<V>) {
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      <div className="sheet" role="dialog" aria-label={title}>
        <div className="sheet__title">{title}</div>
        <Form
          form={form}
          layout="vertical"
          className="auth-form sec-form"
          {...(initialValues ? { initialValues } : {})}
          onFinish={onFinish}
          footer={
            <Button block type="submit" color="primary" size="large" loading={loading}>
              {submitText}
            </Button>
          }
        >
          {children}
        </Form>
      </div>
    </Popup>
  );
}

/** Asks before a destructive step: the red action, the neutral way out in plain text. */
export function confirmDanger(content: string, action: string, cancel: string): Promise<boolean> {
  return confirmDialog({
    content,
    confirmText: <span className="down">{action}</span>,
    cancelText: <span className="dialog-cancel">{cancel}</span>,
  });
}
