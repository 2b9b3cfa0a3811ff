import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@ex/i18n';
import { isValidationError } from '@ex/sdk';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Radio,
  Slider,
  Space,
  Tabs,
  Tooltip,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useState } from 'react';
import { tokens } from '../../../app/theme.ts';
import { formatPercent } from '../../../lib/format.ts';
import { type Platform, type PublishedRelease, usePublishRelease } from '../api/releases.ts';
import {
  buildPublishForm,
  checkBundle,
  checkNativeVersion,
  checkNotes,
  checkPlatform,
  checkRollout,
  checkSignature,
  checkVersion,
  fileSize,
  LANG_CODES,
  LANG_LABELS,
  MAX_NOTES_CHARS,
  placeServerErrors,
  SIGN_COMMAND,
} from '../lib/publish-form.ts';

interface FormState {
  bundle: UploadFile[];
  version: string;
  platform: Platform;
  min_native_version: string;
  rollout_percent: number;
  notes: Partial<Record<Lang, string>>;
  signature: string;
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/** antd validators from the same checks the payload builder runs. */
const rule = <T,>(check: (value: T) => string | null) => ({
  validator: async (_: unknown, value: T) => {
    const problem = check(value);
    if (problem) throw new Error(problem);
  },
});

const fileOf = (list: UploadFile[] | undefined): File | undefined => list?.[0]?.originFileObj;

function Published({
  release,
  onAnother,
  onClose,
}: {
  release: PublishedRelease;
  onAnother: () => void;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['MD5', release.md5],
    ['SHA-256', release.sha256],
    ['Signature (ed25519)', release.signature],
    ['Download path', release.download_path],
    ['Release id', release.id],
  ];
  return (
    <div data-testid="publish-result">
      <Space align="center" style={{ marginBottom: 16 }}>
        <CheckCircleFilled style={{ color: tokens.up, fontSize: 24 }} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          Version {release.version} published
        </Typography.Title>
      </Space>
      <Typography.Paragraph type="secondary">
        Devices inside the rollout get it on their next return to the foreground. The app checks the MD5 and
        the signature below before installing.
      </Typography.Paragraph>
      <Descriptions column={1} bordered size="small" layout="vertical">
        {rows.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            <Typography.Text copyable style={{ ...mono, wordBreak: 'break-all' }} data-field={label}>
              {value}
            </Typography.Text>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
        <Button onClick={onAnother}>Publish another</Button>
      </Space>
    </div>
  );
}

/** Upload a bundle zip with its version, platform, native minimum, rollout and notes in seven languages. */
export function PublishReleaseDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormState>();
  const publish = usePublishRelease();
  const screens = Grid.useBreakpoint();
  const [lang, setLang] = useState<Lang>('en');
  const [notesErrors, setNotesErrors] = useState<string[]>([]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [badLangs, setBadLangs] = useState<Lang[]>([]);
  const [result, setResult] = useState<PublishedRelease | null>(null);
  const chosen = fileOf(Form.useWatch('bundle', form));

  const reset = () => {
    form.resetFields();
    publish.reset();
    setResult(null);
    setNotesErrors([]);
    setOtherErrors([]);
    setBadLangs([]);
    setLang('en');
  };

  const close = () => {
    if (publish.isPending) return;
    onClose();
  };

  const submit = (values: FormState) => {
    setNotesErrors([]);
    setOtherErrors([]);
    const body = buildPublishForm({ ...values, bundle: fileOf(values.bundle) });
    publish.mutate(body, {
      onSuccess: (release) => setResult(release),
      onError: (error) => {
        if (!isValidationError(error)) return; // other refusals were toasted by the SDK
        const placed = placeServerErrors(error.errors);
        form.setFields(placed.fields);
        setNotesErrors(placed.notes);
        // A 422 without field errors still needs its message shown somewhere.
        const placedNone = placed.fields.length + placed.notes.length + placed.other.length === 0;
        setOtherErrors(placedNone ? [error.message] : placed.other);
      },
    });
  };

  // An error in a hidden tab would be invisible: mark the tab and show the first one that failed.
  const onFieldsChange = () => {
    const bad = LANGS.filter((l) => form.getFieldError(['notes', l]).length > 0);
    setBadLangs((prev) => (prev.join() === bad.join() ? prev : bad));
  };
  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const first = errorFields.find((f) => f.name[0] === 'notes');
    if (first && errorFields[0] === first) setLang(first.name[1] as Lang);
  };

  return (
    <Drawer
      title="Publish release"
      open={open}
      onClose={close}
      afterOpenChange={(visible) => !visible && reset()}
      width={screens.md ? 640 : '100%'}
      maskClosable={!publish.isPending}
      closable={!publish.isPending}
      destroyOnHidden
      styles={{ body: { paddingBottom: 32 } }}
    >
      {result ? (
        <Published release={result} onClose={close} onAnother={reset} />
      ) : (
        <Form<FormState>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={publish.isPending}
          initialValues={{ rollout_percent: 100, notes: {} }}
          onFinish={submit}
          onFinishFailed={onFinishFailed}
          onFieldsChange={onFieldsChange}
          scrollToFirstError
        >
          <Form.Item
            name="bundle"
            label="Bundle"
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
            rules={[rule((list: UploadFile[] | undefined) => checkBundle(fileOf(list)))]}
            extra={
              chosen
                ? `${fileSize(chosen.size)}, sent to the server when you press Publish.`
                : 'The zipped web build (apps/web/dist) with index.html at its top.'
            }
          >
            <Upload.Dragger
              accept=".zip,application/zip"
              maxCount={1}
              // Keep the file in the form; it goes out in the one multipart request on Publish.
              beforeUpload={() => false}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Click or drop the bundle zip here</p>
            </Upload.Dragger>
          </Form.Item>

          <div
            style={{ display: 'grid', gridTemplateColumns: screens.sm ? '1fr 1fr' : '1fr', columnGap: 16 }}
          >
            <Form.Item name="version" label="Version" rules={[rule(checkVersion)]}>
              <Input placeholder="1.4.0" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="min_native_version"
              label="Minimum native version"
              rules={[rule(checkNativeVersion)]}
            >
              <Input placeholder="1.0" autoComplete="off" />
            </Form.Item>
          </div>

          <Form.Item name="platform" label="Platform" rules={[rule(checkPlatform)]}>
            <Radio.Group optionType="button" buttonStyle="solid">
              <Radio.Button value="android">Android</Radio.Button>
              <Radio.Button value="ios">iOS</Radio.Button>
            </Radio.Group>
          </Form.Item>

          <Form.Item
            label="Rollout"
            required
            extra="Share of devices that get this release, chosen stably by device id; it can be widened later."
          >
            <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
              <Form.Item name="rollout_percent" noStyle>
                <Slider
                  min={0}
                  max={100}
                  marks={{ 0: '0', 25: '25', 50: '50', 100: '100' }}
                  style={{ flex: 1, margin: '0 8px 12px' }}
                  tooltip={{ formatter: (v) => formatPercent(v ?? 0) }}
                />
              </Form.Item>
              <Form.Item name="rollout_percent" noStyle rules={[rule(checkRollout)]}>
                <InputNumber
                  min={0}
                  max={100}
                  precision={0}
                  suffix="%"
                  style={{ width: 96 }}
                  aria-label="Rollout percent"
                />
              </Form.Item>
            </div>
          </Form.Item>

          <Form.Item
            label="Release notes"
            required
            validateStatus={notesErrors.length > 0 ? 'error' : undefined}
            help={notesErrors.length > 0 ? notesErrors.join(' ') : undefined}
          >
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: -4 }}>
              Shown in the update pop-up in the user's language. All seven are required, up to{' '}
              {MAX_NOTES_CHARS} characters each.
            </Typography.Text>
            <Tabs
              activeKey={lang}
              onChange={(key) => setLang(key as Lang)}
              size="small"
              tabBarGutter={screens.sm ? 24 : 14}
              items={LANGS.map((l) => ({
                key: l,
                forceRender: true,
                // Seven full names do not fit a phone-wide tab bar; the code plus a tooltip does.
                label: (
                  <Tooltip title={LANG_LABELS[l]}>
                    <span style={badLangs.includes(l) ? { color: tokens.down } : undefined} data-tab-lang={l}>
                      {LANG_CODES[l]}
                      {badLangs.includes(l) ? ' •' : ''}
                    </span>
                  </Tooltip>
                ),
                children: (
                  <Form.Item name={['notes', l]} rules={[rule(checkNotes)]} style={{ marginBottom: 16 }}>
                    <Input.TextArea
                      rows={5}
                      maxLength={MAX_NOTES_CHARS}
                      showCount
                      aria-label={`Release notes (${LANG_LABELS[l]})`}
                      placeholder={`What is new, in ${LANG_LABELS[l]}`}
                      data-lang={l}
                    />
                  </Form.Item>
                ),
              }))}
            />
          </Form.Item>

          <Form.Item
            name="signature"
            label="Signature"
            rules={[rule(checkSignature)]}
            extra={`Sign the same zip where the release key is kept: ${SIGN_COMMAND}. The server verifies it and keeps no private key.`}
          >
            <Input.TextArea
              rows={2}
              placeholder="128 hex characters"
              autoComplete="off"
              spellCheck={false}
              style={mono}
            />
          </Form.Item>

          {otherErrors.length > 0 && (
            <Alert type="error" showIcon message={otherErrors.join(' ')} style={{ marginBottom: 16 }} />
          )}

          <Space>
            <Button type="primary" htmlType="submit" loading={publish.isPending}>
              Publish
            </Button>
            <Button onClick={close} disabled={publish.isPending}>
              Cancel
            </Button>
          </Space>
        </Form>
      )}
    </Drawer>
  );
}
