import type { MarketSetting } from '@ex/contract';
import { App, Button, Form, Input, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../../lib/format.ts';
import { useMarkets, useSetPaused } from '../api/markets.ts';

/** "0.001" -> "0.1 %": the rate stays a decimal string, only the point moves (no floats). */
function percent(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''} %`;
}

export function Markets() {
  const { message, modal } = App.useApp();
  const markets = useMarkets();
  const setPaused = useSetPaused();
  const [pausing, setPausing] = useState<MarketSetting | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const resume = (m: MarketSetting) =>
    modal.confirm({
      title: `Resume trading on ${m.symbol}?`,
      okText: 'Resume',
      onOk: () =>
        setPaused
          .mutateAsync({ symbol: m.symbol, reason: null })
          .then(() => void message.success('Resumed'))
          // The SDK has already shown the refusal (e.g. 403 for a reviewer).
          .catch(() => undefined),
    });

  const pause = async () => {
    if (!pausing) return;
    // A rejected validation is the form showing its field errors, nothing more.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    await setPaused.mutateAsync({ symbol: pausing.symbol, reason: reason.trim() });
    void message.success('Paused');
    setPausing(null);
    form.resetFields();
  };

  const columns: TableColumnsType<MarketSetting> = [
    { title: 'Market', dataIndex: 'symbol', width: 160 },
    { title: 'Kind', dataIndex: 'kind', width: 90, render: (k: string) => <Tag>{k}</Tag> },
    {
      title: 'Trading',
      width: 260,
      render: (_: unknown, m) =>
        m.paused ? (
          <span>
            <Tag color="red">paused</Tag>
            <Typography.Text type="secondary">
              {m.reason} · {m.paused_at ? dateTime(m.paused_at) : ''}
            </Typography.Text>
          </span>
        ) : (
          <Tag color="green">open</Tag>
        ),
    },
    { title: 'Maker fee', dataIndex: 'maker_fee_rate', width: 100, render: percent },
    { title: 'Taker fee', dataIndex: 'taker_fee_rate', width: 100, render: percent },
    {
      title: 'Leverage',
      dataIndex: 'leverages',
      render: (l: number[]) => (l.length ? l.map((x) => `${x}x`).join(' ') : '—'),
    },
    {
      title: '',
      width: 110,
      render: (_: unknown, m) =>
        m.paused ? (
          <Button onClick={() => resume(m)}>Resume</Button>
        ) : (
          <Button danger onClick={() => setPausing(m)}>
            Pause
          </Button>
        ),
    },
  ];

  return (
    <>
      <Typography.Title level={4}>Markets</Typography.Title>
      <Typography.Paragraph type="secondary">
        A paused market refuses new orders; cancels and position closes keep working. Every change is in the
        audit log. Fees and leverage come from the engine configuration.
      </Typography.Paragraph>
      <Table
        rowKey="symbol"
        loading={markets.isFetching}
        columns={columns}
        dataSource={markets.data ?? []}
        pagination={false}
      />
      <Modal
        open={pausing !== null}
        title={`Pause trading on ${pausing?.symbol ?? ''}`}
        okText="Pause"
        okButtonProps={{ danger: true, loading: setPaused.isPending }}
        onOk={pause}
        onCancel={() => setPausing(null)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label="Reason"
            rules={[
              {
                required: true,
                whitespace: true,
                max: 200,
                message: 'Enter a reason (at most 200 characters)',
              },
            ]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
