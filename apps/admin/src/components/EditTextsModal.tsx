import { isValidationError } from '@ex/sdk';
import { Alert, App, Button, Form, type FormInstance, Modal, type TableColumnType } from 'antd';
import { type ReactNode, useState } from 'react';
import { fieldsFromErrors } from '../lib/form-errors.ts';

/** Where a server 422 key (`name_i18n.de`) shows on the form; `null`: above the fields. */
export type ErrorPath = (key: string) => (string | number)[] | null;

/**
 * The dialog behind a list's "Edit texts" (ADR 243): a form prefilled with a row's text of record
 * and its per-language maps, saved through the row's update route. A 422 puts the server's messages
 * on their fields; a key the form has no field for is listed above them. Nothing is sent on cancel.
 */
export function EditTextsModal<V extends object>({
  title,
  editing,
  initialValues,
  onSave,
  errorPath,
  children,
}: {
  title: string;
  /** The row being edited (`useEditing`): opens and closes the dialog, forgets the row once it is gone. */
  editing: Pick<Editing<unknown>, 'open' | 'close' | 'clear'>;
  initialValues: V | undefined;
  /** Sends the edit; may return false to keep the dialog open (the form set its own errors). */
  onSave: (values: V, form: FormInstance<V>) => Promise<boolean | undefined>;
  errorPath?: ErrorPath;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const [other, setOther] = useState<string[]>([]);
  const finish = async (values: V) => {
    setSaving(true);
    setOther([]);
    try {
      if ((await onSave(values, form)) === false) return;
      void message.success('Texts saved');
      editing.close();
    } catch (err) {
      // Anything else the client has already told the operator about (its toast).
      if (!isValidationError(err)) return;
      const placed = fieldsFromErrors(err.errors).map((f) => ({
        ...f,
        name: errorPath ? errorPath(f.name.join('.')) : f.name,
      }));
      form.setFields(placed.filter((f) => f.name !== null) as never);
      setOther(placed.filter((f) => f.name === null).flatMap((f) => f.errors));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={editing.open}
      title={title}
      okText="Save"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={editing.close}
      afterClose={() => {
        setOther([]);
        editing.clear();
      }}
      width={640}
      destroyOnHidden
    >
      {other.length > 0 ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={other.join(' ')} />
      ) : null}
      {initialValues ? (
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void finish(v)}>
          {children}
        </Form>
      ) : null}
    </Modal>
  );
}

export interface Editing<T> {
  row: T | null;
  open: boolean;
  start: (row: T) => void;
  close: () => void;
  /** After the closing animation: forgets the row. */
  clear: () => void;
}

/**
 * The row an "Edit texts" dialog is open for: kept through the closing animation so the dialog
 * does not empty while it fades, forgotten in `afterClose`.
 */
export function useEditing<T>(): Editing<T> {
  const [row, setRow] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    row,
    open,
    start: (r: T) => {
      setRow(r);
      setOpen(true);
    },
    close: () => setOpen(false),
    clear: () => setRow(null),
  };
}

/** A row's "Edit texts" button. */
export const EditTextsButton = ({ onClick }: { onClick: () => void }) => (
  <Button size="small" onClick={onClick}>
    Edit texts
  </Button>
);

/** A list's last, untitled column (pinned by ConsoleTable) holding the row's "Edit texts". */
export const editTextsColumn = <T,>(onEdit: (row: T) => void, width?: number): TableColumnType<T> => ({
  title: '',
  ...(width === undefined ? {} : { width }),
  render: (_: unknown, row: T) => <EditTextsButton onClick={() => onEdit(row)} />,
});
