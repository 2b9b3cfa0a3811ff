import type { MarketSetting } from '@ex/contract';
import { App, Button, Form, Input, Modal, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { CodeTag, Num } from '../../../components/table-cells.tsx';
import { dateTime, formatPercent, shiftDecimal } from '../../../lib/format.ts';

const KIND_LABEL: Record<MarketSetting['kind'], string> = { spot: 'Spot', perp: 'Perpetual' };
const KIND_COLOR: Record<MarketSetting['kind'], string> = { spot: 'blue', perp: 'purple' };

import { useMarkets, useSetParams, useSetPaused } from '../api/markets.ts';

/** A fee rate (a fraction, "0.001") as the console shows percents: "0.1%" (no floats). */
const percent = (rate: string): string => formatPercent(rate, { of: 'fraction' });

/** The number the form edits: "0.001" -> "0.1" (percent, without the sign). */
export function percentText(rate: string): string {
  return shiftDecimal(rate, 2);
}

/** "0.05" (percent) -> "0.0005" (fraction): the point moves two places left, as text. */
export function rateFromPercent(text: string): string {
  const [int = '0', frac = ''] = text.trim().split('.');
  const digits = `${int}${frac}`.replace(/^0+(?=\d)/, '');
  const point = digits.length - frac.length - 2;
  const whole = point > 0 ? digits.slice(0, point) : '0';
  const rest = (point > 0 ? digits.slice(point) : `${'0'.repeat(-point)}${digits}`).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** "1, 2, 5 10x" -> [1, 2, 5, 10]; null when a part is not a whole number. */
export function parseLeverages(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const out: number[] = [];
  for (const p of parts) {
    const m = /^(\d{1,4})x?$/i.exec(p);
    if (!m) return null;
    out.push(Number(m[1]));
  }
  return out;
}

/** Up to 1%, at most four decimals of a percent (the API takes six of a fraction). */
const PERCENT_RE = /^\d(\.\d{1,4})?$/;

/** A fraction with at most six places ("0.0125") -> ppm (12500), exactly, as the server reads it. */
export function ratePpm(rate: string): number {
  const [int = '0', frac = ''] = rate.split('.');
  return Number(BigInt(int) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6)));
}

/**
 * The clearance fee the core accepts (ADR 183): 0 to 5% with at most four decimals of a percent,
 * or exactly 100% (the fund takes the whole remaining equity, the rule before the fee).
 */
export function validClearancePercent(text: string): boolean {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(t)) return false;
  const ppm = ratePpm(rateFromPercent(t));
  return ppm <= 50_000 || ppm === 1_000_000;
}

type ParamsForm = { maker: string; taker: string; leverages: string; clearance: string };

export function Markets() {
  const { message, modal } = App.useApp();
  const markets = useMarkets();
  const setPaused = useSetPaused();
  const [pausing, setPausing] = useState<MarketSetting | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const setParams = useSetParams();
  const [editing, setEditing] = useState<MarketSetting | null>(null);
  const [paramsForm] = Form.useForm<ParamsForm>();

  const edit = (m: MarketSetting) => {
    setEditing(m);
    paramsForm.setFieldsValue({
      maker: percentText(m.maker_fee_rate),
      taker: percentText(m.taker_fee_rate),
      leverages: m.leverages.join(', '),
      clearance: m.liquidation_fee_rate === undefined ? '' : percentText(m.liquidation_fee_rate),
    });
  };

  const saveParams = async () => {
    if (!editing) return;
    const values = await paramsForm.validateFields().catch(() => null);
    if (!values) return;
    const maker = rateFromPercent(values.maker);
    const taker = rateFromPercent(values.taker);
    const leverages = editing.kind === 'perp' ? parseLeverages(values.leverages) : null;
    const clearance =
      editing.kind === 'perp' && editing.liquidation_fee_rate !== undefined
        ? rateFromPercent(values.clearance)
        : null;
    // Only what changed is sent: the server refuses a change that changes nothing (2242).
    const body = {
      ...(maker !== rateFromPercent(percentText(editing.maker_fee_rate)) ? { maker_fee_rate: maker } : {}),
      ...(taker !== rateFromPercent(percentText(editing.taker_fee_rate)) ? { taker_fee_rate: taker } : {}),
      ...(leverages && leverages.join(',') !== editing.leverages.join(',') ? { leverages } : {}),
      ...(clearance !== null && ratePpm(clearance) !== ratePpm(editing.liquidation_fee_rate ?? '0')
        ? { liquidation_fee_rate: clearance }
        : {}),
    };
    if (Object.keys(body).length === 0) {
      setEditing(null);
      return;
    }
    // The SDK has shown a refusal already (403 for a reviewer, 2240/2241/2243 for values the core refuses).
    const ok = await setParams
      .mutateAsync({ symbol: editing.symbol, body })
      .then(() => true)
      .catch(() => false);
    if (!ok) return;
    void message.success('Saved');
    setEditing(null);
  };

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
    { title: 'Market', dataIndex: 'symbol', width: 150 },
    {
      title: 'Kind',
      dataIndex: 'kind',
      width: 100,
      render: (k: MarketSetting['kind']) => <CodeTag code={k} color={KIND_COLOR} labels={KIND_LABEL} />,
    },
    {
      title: 'Trading',
      width: 120,
      render: (_: unknown, m) =>
        m.paused ? (
          <span>
            <Tag color="red">Paused</Tag>
            <Typography.Text type="secondary">
              {m.reason} · {m.paused_at ? dateTime(m.paused_at) : ''}
            </Typography.Text>
          </span>
        ) : (
          <Tag color="green">Open</Tag>
        ),
    },
    {
      title: 'Maker fee',
      dataIndex: 'maker_fee_rate',
      width: 90,
      render: (r: string) => <Num>{percent(r)}</Num>,
    },
    {
      title: 'Taker fee',
      dataIndex: 'taker_fee_rate',
      width: 90,
      render: (r: string) => <Num>{percent(r)}</Num>,
    },
    {
      title: 'Liquidation fee',
      dataIndex: 'liquidation_fee_rate',
      width: 110,
      render: (r: string | undefined) => (r === undefined ? '—' : <Num>{percent(r)}</Num>),
    },
    {
      title: 'Leverage',
      dataIndex: 'leverages',
      // The rest of the row's width goes to the steps (ten of them wrapped to four lines when the
      // other columns kept room for a pause reason); a figure with its '%' stays on one line.
      render: (l: number[]) => (l.length ? l.map((x) => `${x}x`).join(' ') : '—'),
    },
    {
      title: '',
      width: 180,
      render: (_: unknown, m) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button onClick={() => edit(m)} aria-label={`Edit fees and leverage of ${m.symbol}`}>
            Edit
          </Button>
          {m.paused ? (
            <Button onClick={() => resume(m)}>Resume</Button>
          ) : (
            <Button danger onClick={() => setPausing(m)}>
              Pause
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={4}>Markets</Typography.Title>
      <Typography.Paragraph type="secondary">
        A paused market refuses new orders; cancels and position closes keep working. Every change is in the
        audit log. Fees and leverage lists are engine settings: a change applies from the next order (resting
        opening orders are held again at a new taker fee), open positions keep their leverage. The liquidation
        fee of a perpetual is paid to the insurance fund out of what a liquidated trader has left, from the
        next liquidation.
      </Typography.Paragraph>
      <ConsoleTable
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
      <Modal
        open={editing !== null}
        title={`Fees and leverage of ${editing?.symbol ?? ''}`}
        okText="Save"
        okButtonProps={{ loading: setParams.isPending }}
        onOk={saveParams}
        onCancel={() => setEditing(null)}
      >
        <Form form={paramsForm} layout="vertical">
          <Form.Item
            name="maker"
            label="Maker fee (%)"
            rules={[{ required: true, pattern: PERCENT_RE, message: 'A percent from 0 to 1, e.g. 0.02' }]}
          >
            <Input inputMode="decimal" suffix="%" />
          </Form.Item>
          <Form.Item
            name="taker"
            label="Taker fee (%)"
            dependencies={['maker']}
            rules={[{ required: true, pattern: PERCENT_RE, message: 'A percent from 0 to 1, e.g. 0.05' }]}
            extra={`At most ${formatPercent('1')}; the maker fee may not exceed the taker fee.`}
          >
            <Input inputMode="decimal" suffix="%" />
          </Form.Item>
          {editing?.kind === 'perp' && (
            <Form.Item
              name="leverages"
              label="Leverage list"
              rules={[
                {
                  validator: async (_r, v: string) => {
                    const list = parseLeverages(v ?? '');
                    const max = editing.max_leverage ?? 0;
                    if (
                      !list ||
                      list.some((x, i) => x < 1 || (i > 0 && x <= list[i - 1]!)) ||
                      (max > 0 && list[list.length - 1]! > max)
                    )
                      throw new Error(`Whole numbers in rising order, at most ${max}x`);
                  },
                },
              ]}
              extra={`Rising, separated by commas, up to ${editing.max_leverage ?? '?'}x (the market's risk tiers). Open positions keep their leverage.`}
            >
              <Input />
            </Form.Item>
          )}
          {editing?.kind === 'perp' && editing.liquidation_fee_rate !== undefined && (
            <Form.Item
              name="clearance"
              label="Liquidation fee (%)"
              rules={[
                {
                  validator: async (_r, v: string) => {
                    if (!validClearancePercent(v ?? ''))
                      throw new Error('A percent from 0 to 5 (at most 4 decimals), or 100');
                  },
                },
              ]}
              extra="Of the liquidated notional, paid to the insurance fund out of the remaining equity (never more); 100 takes all of it."
            >
              <Input inputMode="decimal" suffix="%" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
