import type { Poll, TextPerLang } from '@ex/contract';
import { LANGS, type Lang } from '@ex/i18n';
import { App, Button, Form, Input, Modal, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { CodeTag, TextWithLangs } from '../../../components/table-cells.tsx';
import { dateTime } from '../../../lib/format.ts';
import { type TextLangFields, TextLangTabs, toTexts } from '../../earn/components/TextLangTabs.tsx';
import { useCreatePoll, usePolls } from '../api/votes.ts';

const STATE_COLOR = { upcoming: 'blue', open: 'green', closed: 'default' } as const;

const lines = (v: string | undefined) =>
  (v ?? '')
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * Option labels per language, one line per option in each language's tab, as one map per option
 * (ADR 243); `wrong` names the languages whose line count differs from the options'.
 */
export function optionTexts(
  count: number,
  perLang: TextLangFields | undefined,
): { texts: TextPerLang[] | undefined; wrong: Lang[] } {
  const texts: TextPerLang[] = Array.from({ length: count }, () => ({}));
  const wrong: Lang[] = [];
  let any = false;
  for (const lang of LANGS) {
    const labels = lines(perLang?.[lang]);
    if (labels.length === 0) continue;
    if (labels.length !== count) {
      wrong.push(lang);
      continue;
    }
    any = true;
    labels.forEach((label, i) => {
      texts[i]![lang] = label;
    });
  }
  return { texts: any ? texts : undefined, wrong };
}

const columns: TableColumnsType<Poll> = [
  {
    title: 'Title',
    render: (_: unknown, p) => <TextWithLangs text={p.title} texts={p.title_i18n} />,
  },
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
    title_i18n?: TextLangFields;
    description_i18n?: TextLangFields;
    options_i18n?: TextLangFields;
  }>();

  const submit = async () => {
    // A rejected validation is the form showing its field errors, nothing more.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const options = lines(v.options);
    const perOption = optionTexts(options.length, v.options_i18n);
    if (perOption.wrong.length > 0) {
      form.setFields(
        perOption.wrong.map((lang) => ({
          name: ['options_i18n', lang] as const,
          errors: [`One line per option (${options.length})`],
        })),
      );
      return;
    }
    const title_i18n = toTexts(v.title_i18n);
    const description_i18n = toTexts(v.description_i18n);
    await create.mutateAsync({
      title: v.title.trim(),
      description: (v.description ?? '').trim(),
      options,
      ...(title_i18n ? { title_i18n } : {}),
      ...(description_i18n ? { description_i18n } : {}),
      ...(perOption.texts ? { options_i18n: perOption.texts } : {}),
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
          <Form.Item
            name="title"
            label="Title (text of record)"
            extra="Readers whose language has no text below see the texts of record."
            rules={[{ required: true, whitespace: true, max: 120 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="Title per language" style={{ marginBottom: 0 }}>
            <TextLangTabs name="title_i18n" label="Title" max={120} />
          </Form.Item>
          <Form.Item name="description" label="Description (text of record)">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="Description per language" style={{ marginBottom: 0 }}>
            <TextLangTabs name="description_i18n" label="Description" max={2000} multiline />
          </Form.Item>
          <Form.Item
            name="options"
            label="Options (one per line, text of record)"
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item
            label="Options per language (one line per option, same order)"
            extra="Leave a language empty when the options need no translation (tickers)."
            style={{ marginBottom: 0 }}
          >
            <TextLangTabs name="options_i18n" label="Options" max={2000} multiline />
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
