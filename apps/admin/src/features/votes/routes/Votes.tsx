import type { Poll } from '@ex/contract';
import { App, Button, Form, Input, Modal, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { CodeTag } from '../../../components/table-cells.tsx';
import { dateTime } from '../../../lib/format.ts';
import { useCreatePoll, usePolls } from '../api/votes.ts';

const STATE_COLOR = { upcoming: 'blue', open: 'green', closed: 'default' } as const;

const columns: TableColumnsType<Poll> = [
  { title: 'Title', dataIndex: 'title' },
  {
    title: 'State',
    dataIndex: 'state',
    width: 110,
    render: (s: Poll['state']) => <CodeTag code={s} color={STATE_COLOR} />,
  },
  {
    title: 'Options',
    render: (_: unknown, p) =>
      p.options.map((o) => (
        <Tag key={o.id}>
          {o.label}: {o.votes}
        </Tag>
      )),
  },
  { title: 'Starts', dataIndex: 'starts_at', width: 170, render: (at: number) => dateTime(at) },
  { title: 'Ends', dataIndex: 'ends_at', width: 170, render: (at: number) => dateTime(at) },
];

/** Polls (ADR 083): list with counts, create with options and a time window. */
export function Votes() {
  const { message } = App.useApp();
  const polls = usePolls();
  const create = useCreatePoll();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{
    title: string;
    description: string;
    options: string;
    starts: string;
    ends: string;
  }>();

  const submit = async () => {
    // A rejected validation is the form showing its field errors, nothing more.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await create.mutateAsync({
      title: v.title.trim(),
      description: (v.description ?? '').trim(),
      options: v.options
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
      // datetime-local is the operator's local time; Date turns it into epoch milliseconds.
      starts_at: new Date(v.starts).getTime(),
      ends_at: new Date(v.ends).getTime(),
    });
    void message.success('Poll created');
    setOpen(false);
    form.resetFields();
  };

  return (
    <>
      <Typography.Title level={4}>Votes</Typography.Title>
      <Button type="primary" onClick={() => setOpen(true)} style={{ marginBottom: 16 }}>
        New poll
      </Button>
      <ConsoleTable
        rowKey="id"
        loading={polls.isFetching}
        columns={columns}
        dataSource={polls.data ?? []}
        pagination={false}
      />
      <Modal
        open={open}
        title="New poll"
        okText="Create"
        okButtonProps={{ loading: create.isPending }}
        onOk={submit}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, max: 120 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label="Description">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item
            name="options"
            label="Options (one per line)"
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name="starts" label="Starts" rules={[{ required: true }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="ends" label="Ends" rules={[{ required: true }]}>
            <Input type="datetime-local" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
