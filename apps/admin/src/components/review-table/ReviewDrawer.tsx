import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { isApiError } from '@ex/sdk';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Modal, Space } from 'antd';
import { type ReactNode, useState } from 'react';

/** What a review sends: an approval, or a rejection with the reason the user is shown. */
export type ReviewDecision =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: string };

/**
 * Everything that differs between review pages (KYC, withdrawals): the drawer's title, width, tag
 * and body, the texts of the two decisions, and the mutation that sends them.
 */
export interface ReviewSpec<Row, Result> {
  /** The row still waits for a decision: the drawer offers Approve and Reject, the row says Review. */
  pending: (row: Row) => boolean;
  mutation: UseMutationResult<Result, unknown, ReviewDecision>;
  drawer: {
    title: (row: Row) => string;
    width: number;
    tag: (row: Row) => ReactNode;
    body: (row: Row) => ReactNode;
  };
  approve: {
    title: string;
    content: (row: Row) => ReactNode;
    okText: string;
    /** The success message, from what the server answered. */
    done: (result: Result) => string;
  };
  reject: {
    title: string;
    okText: string;
    maxLength: number;
    placeholder: string;
    done: string;
  };
}

/** A 409 means another operator decided this row meanwhile. */
const isConflict = (err: unknown): err is Error => isApiError(err) && err.status === 409;

/**
 * The details of one row with Approve (confirmed first) and Reject (a reason is required). A 409
 * answer (someone else reviewed it meanwhile) leaves the drawer open with the server's message,
 * takes the buttons away and asks the table to refresh, so the operator sees the current state.
 */
export function ReviewDrawer<Row extends { id: string }, Result>({
  row,
  spec,
  onClose,
  onConflict,
}: {
  row: Row | null;
  spec: ReviewSpec<Row, Result>;
  onClose: () => void;
  onConflict: () => void;
}) {
  const { message, modal } = App.useApp();
  const review = spec.mutation;
  const [rejecting, setRejecting] = useState(false);
  // Kept with the row it belongs to, so the next row opened starts without it.
  const [conflictOf, setConflictOf] = useState<{ row: Row; message: string } | null>(null);
  const conflict = conflictOf !== null && conflictOf.row === row ? conflictOf.message : null;
  const [form] = Form.useForm<{ reason: string }>();
  const pending = row !== null && spec.pending(row) && conflict === null;

  const conflicted = (err: unknown): boolean => {
    if (!isConflict(err) || !row) return false;
    setConflictOf({ row, message: err.message });
    setRejecting(false);
    onConflict();
    return true;
  };

  const approve = () => {
    if (!row) return;
    modal.confirm({
      title: spec.approve.title,
      content: spec.approve.content(row),
      okText: spec.approve.okText,
      // Other refusals were already shown by the SDK's toast; the confirmation closes either way.
      onOk: () =>
        review.mutateAsync({ id: row.id, decision: 'approve' }).then(
          (result) => {
            void message.success(spec.approve.done(result));
            onClose();
          },
          (err: unknown) => void conflicted(err),
        ),
    });
  };

  const reject = async () => {
    if (!row) return;
    const { reason } = await form.validateFields();
    try {
      await review.mutateAsync({ id: row.id, decision: 'reject', reason: reason.trim() });
    } catch (err) {
      // Any other refusal keeps the dialog (and the typed reason) for another try.
      if (conflicted(err)) form.resetFields();
      return;
    }
    void message.success(spec.reject.done);
    setRejecting(false);
    form.resetFields();
    onClose();
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={spec.drawer.width}
      title={row ? spec.drawer.title(row) : ''}
      extra={row && spec.drawer.tag(row)}
      footer={
        pending && (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
              Reject
            </Button>
            <Button type="primary" icon={<CheckOutlined />} loading={review.isPending} onClick={approve}>
              Approve
            </Button>
          </Space>
        )
      }
    >
      {conflict !== null && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={conflict}
          description="Another operator decided this one meanwhile. The list now shows its current state."
        />
      )}
      {row && spec.drawer.body(row)}
      <Modal
        open={rejecting}
        title={spec.reject.title}
        okText={spec.reject.okText}
        okButtonProps={{ danger: true, loading: review.isPending }}
        onOk={() => void reject().catch(() => {})}
        onCancel={() => setRejecting(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label="Reason (the user sees it)"
            rules={[
              { required: true, whitespace: true, message: 'Give the user a reason' },
              { max: spec.reject.maxLength },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={spec.reject.maxLength}
              showCount
              placeholder={spec.reject.placeholder}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
