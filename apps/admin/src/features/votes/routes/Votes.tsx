import type { Poll, TextPerLang } from '@ex/contract';
import { LANGS, type Lang } from '@ex/i18n';
import { App, Button, Form, Input, Modal, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import {
  type Editing,
  EditTextsModal,
  editTextsColumn,
  useEditing,
} from '../../../components/EditTextsModal.tsx';
import {
  RECORD_EXTRA,
  type TextLangFields,
  TextLangTabs,
  TextOfRecordFields,
  toTexts,
} from '../../../components/TextLangTabs.tsx';
import { CodeTag, TextWithLangs } from '../../../components/table-cells.tsx';
import { dateTime } from '../../../lib/format.ts';
import { useCreatePoll, usePolls, useUpdatePoll } from '../api/votes.ts';

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

/** The message on each options tab whose line count is not the options'. */
const lineCountErrors = (wrong: Lang[], count: number) =>
  wrong.map((lang) => ({
    name: ['options_i18n', lang] as ['options_i18n', Lang],
    errors: [`One line per option (${count})`],
  }));

/** A poll's title of record (in `children`) and its tabs per language, in the dialog and the create form. */
const TitleFields = ({ children }: { children: ReactNode }) => (
  <TextOfRecordFields
    name="title"
    label="Title"
    max={120}
    extra={RECORD_EXTRA}
    rules={[{ required: true, whitespace: true, max: 120 }]}
  >
    {children}
  </TextOfRecordFields>
);

const columns = (onEdit: (p: Poll) => void): TableColumnsType<Poll> => [
  {
    title: 'Title',
    // Room for a title before the columns that do not wrap take theirs.
    width: 220,
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
  editTextsColumn(onEdit, 110),
];

/**
 * A poll's option maps as one line per option in each language's tab: a language any option has
 * gets a tab with every option, the label of record where that option has none of its own.
 */
export function optionLines(poll: Pick<Poll, 'options' | 'options_i18n'>): TextLangFields {
  const out: TextLangFields = {};
  for (const lang of LANGS) {
    if (!poll.options_i18n?.some((m) => m[lang] !== undefined)) continue;
    out[lang] = poll.options.map((o, i) => poll.options_i18n?.[i]?.[lang] ?? o.label).join('\n');
  }
  return out;
}

interface TextValues {
  title: string;
  description: string;
  title_i18n?: TextLangFields;
  description_i18n?: TextLangFields;
  options_i18n?: TextLangFields;
}

/**
 * "Edit texts" of a poll: title and description of record, their maps, the option labels per
 * language; each map is sent whole (`{}`, or one `{}` per option, when every tab is empty).
 */
function EditPollTexts({ editing }: { editing: Editing<Poll> }) {
  const update = useUpdatePoll();
  const poll = editing.row;
  const count = poll?.options.length ?? 0;
  return (
    <EditTextsModal<TextValues>
      title={poll ? `Edit texts: ${poll.title}` : 'Edit texts'}
      editing={editing}
      initialValues={
        poll
          ? {
              title: poll.title,
              description: poll.description,
              title_i18n: { ...poll.title_i18n },
              description_i18n: { ...poll.description_i18n },
              options_i18n: optionLines(poll),
            }
          : undefined
      }
      // `options_i18n.1.de` is the German tab of the option lines; a count mismatch has no language.
      errorPath={(key) => {
        const [head, , lang] = key.split('.');
        if (head !== 'options_i18n') return key.split('.');
        return lang ? ['options_i18n', lang] : null;
      }}
      onSave={async (v, form) => {
        if (!poll) return false;
        const perOption = optionTexts(count, v.options_i18n);
        if (perOption.wrong.length > 0) {
          form.setFields(lineCountErrors(perOption.wrong, count));
          return false;
        }
        await update.mutateAsync({
          id: poll.id,
          body: {
            title: v.title.trim(),
            description: (v.description ?? '').trim(),
            title_i18n: toTexts(v.title_i18n) ?? {},
            description_i18n: toTexts(v.description_i18n) ?? {},
            options_i18n: perOption.texts ?? Array.from({ length: count }, () => ({})),
          },
        });
        return true;
      }}
    >
      <TitleFields>
        <Input maxLength={120} />
      </TitleFields>
      <TextOfRecordFields name="description" label="Description" max={2000} multiline rules={[{ max: 2000 }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </TextOfRecordFields>
      <Form.Item
        label="Options per language (one line per option, same order)"
        extra={`Options of record (not editable here): ${poll?.options.map((o) => o.label).join(', ') ?? ''}. Leave a language empty when they need no translation.`}
        style={{ marginBottom: 0 }}
      >
        <TextLangTabs name="options_i18n" label="Options" max={2000} multiline />
      </Form.Item>
    </EditTextsModal>
  );
}

/** Polls (ADR 083): list with counts, create with options and a time window, edit texts (ADR 243). */
export function Votes() {
  const { message } = App.useApp();
  const polls = usePolls();
  const create = useCreatePoll();
  const [open, setOpen] = useState(false);
  const editing = useEditing<Poll>();
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
      form.setFields(lineCountErrors(perOption.wrong, options.length));
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
        columns={columns(editing.start)}
        dataSource={polls.data ?? []}
        pagination={false}
        // A phone scrolls the list sideways instead of stacking the title one word a line;
        // columns as wide as their content.
        scroll={{ x: 760 }}
        tableLayout="auto"
      />
      <EditPollTexts editing={editing} />
      <Modal
        open={open}
        title="New poll"
        okText="Create"
        okButtonProps={{ loading: create.isPending }}
        onOk={submit}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="vertical">
          <TitleFields>
            <Input />
          </TitleFields>
          <TextOfRecordFields name="description" label="Description" max={2000} multiline>
            <Input.TextArea rows={3} />
          </TextOfRecordFields>
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
