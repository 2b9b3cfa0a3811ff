import {
  type AdminOtcOrder,
  isOtcPaymentMethod,
  OTC_PAYMENT_METHODS,
  type OtcAd,
  type OtcAdCreate,
  type OtcPaymentMethod,
  type OtcStatus,
} from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import {
  App,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { dateTimeStackCell, Num, SideTag } from '../../../components/table-cells.tsx';
import { UserLink } from '../../../components/UserLink.tsx';
import { formatCoinOverview, formatDecimal, formatPercent } from '../../../lib/format.ts';
import { useOtcAds, useOtcMutations, useOtcOrders, useTreasury } from '../api/otc.ts';

const STATUS_COLOR: Record<OtcStatus, string> = { review: 'gold', completed: 'green', rejected: 'red' };
const STATUS_LABEL: Record<OtcStatus, string> = {
  review: 'Under review',
  completed: 'Completed',
  rejected: 'Rejected',
};

/**
 * Figures per DESIGN.md "Numbers", from the API's decimal strings: coin quantities and treasury
 * balances with 2 up to the coin's decimals (cut), fiat prices and totals with all their digits
 * (at least 2). The forms send what was typed.
 */
const qty = (v: string, coin: string) => formatCoinOverview(v, coin);
const fiat = (v: string) => formatDecimal(v, { minFraction: 2 });

/** A known payment method code in words ("bank_transfer" -> "Bank transfer"); other text as typed. */
const METHOD_WORDS: Record<OtcPaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  sepa: 'SEPA transfer',
  card: 'Card',
  alipay: 'Alipay',
  wechat_pay: 'WeChat Pay',
};
const methodWords = (m: string) => (isOtcPaymentMethod(m) ? METHOD_WORDS[m] : m);

type AdForm = Omit<OtcAdCreate, 'payment_methods'> & { payment_methods: string[] };

/** Puts the server's 422 messages under the form's fields. */
function fieldErrors(form: ReturnType<typeof Form.useForm>[0], err: unknown): void {
  if (!isValidationError(err)) return;
  form.setFields(Object.entries(err.errors).map(([name, errors]) => ({ name, errors })));
}

/** What an empty list says under each filter. */
const NO_ORDER: Record<OtcStatus | 'all', string> = {
  review: 'No order waits for review',
  completed: 'No completed order',
  rejected: 'No rejected order',
  all: 'No OTC order yet',
};

function Orders() {
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState<OtcStatus | 'all'>('review');

  const [page, setPage] = useState(1);
  const orders = useOtcOrders(page, status === 'all' ? undefined : status);
  const { review } = useOtcMutations();
  const [rejecting, setRejecting] = useState<AdminOtcOrder | null>(null);
  const [reason, setReason] = useState('');

  const complete = (o: AdminOtcOrder) =>
    modal.confirm({
      title: `Complete ${o.side} order #${o.id}?`,
      content:
        o.side === 'buy'
          ? `Only after the ${fiat(o.total)} ${o.fiat} arrived: ${qty(o.quantity, o.coin)} ${o.coin} go from the treasury to user ${o.user_id}.`
          : `Only after paying ${fiat(o.total)} ${o.fiat} to ${o.bank} (${o.phone}): the ${qty(o.quantity, o.coin)} ${o.coin} stay in the treasury.`,
      okText: 'Complete',
      onOk: () =>
        review
          .mutateAsync({ id: o.id, body: { action: 'complete' } })
          .then(() => void message.success('Completed')),
    });

  // Every column sized (ADR 239): 942 px, inside the card at 1280 px even beside a page
  // scrollbar, so the pinned Complete/Reject column covers no remark or status. The time takes two
  // lines, the sell order's bank and phone sit under the payment method, the buttons stack.
  const columns: TableColumnsType<AdminOtcOrder> = [
    { title: 'Placed', dataIndex: 'created_at', width: 100, render: dateTimeStackCell },
    { title: 'User', dataIndex: 'user_id', width: 56, render: (id: string) => <UserLink id={id} /> },
    {
      title: 'Side',
      dataIndex: 'side',
      width: 64,
      render: (s: string) => <SideTag side={s} />,
    },
    {
      title: 'Quantity',
      dataIndex: 'quantity',
      width: 130,
      align: 'right',
      render: (v: string, o) => (
        <Num>
          {qty(v, o.coin)} {o.coin}
        </Num>
      ),
    },
    {
      title: 'Total',
      dataIndex: 'total',
      width: 126,
      align: 'right',
      render: (v: string, o) => (
        <Num>
          {fiat(v)} {o.fiat}
        </Num>
      ),
    },
    {
      title: 'Payment',
      dataIndex: 'payment_method',
      width: 160,
      // A sell order: where the broker pays the user, cut to the column with the whole on hover.
      render: (m: string, o) => (
        <>
          <div>{methodWords(m)}</div>
          {o.side === 'sell' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: true }}>
              {`${o.bank} · ${o.phone}`}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: 'Remarks',
      dataIndex: 'remarks',
      width: 100,
      ellipsis: { showTitle: false },
      render: (r: string) =>
        r ? (
          <Tooltip placement="topLeft" title={r}>
            <span>{r}</span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 110,
      render: (s: OtcStatus) => <Tag color={STATUS_COLOR[s]}>{STATUS_LABEL[s]}</Tag>,
    },
    {
      title: '',
      width: 96,
      render: (_: unknown, o) =>
        o.status === 'review' ? (
          <Space direction="vertical" size={4}>
            <Button size="small" type="primary" onClick={() => complete(o)}>
              Complete
            </Button>
            <Button size="small" danger onClick={() => setRejecting(o)}>
              Reject
            </Button>
          </Space>
        ) : (
          (o.reason ?? '')
        ),
    },
  ];

  return (
    <Card
      title="OTC orders"
      extra={
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(v as OtcStatus | 'all');
            setPage(1);
          }}
          options={[
            { label: 'Under review', value: 'review' },
            { label: 'Completed', value: 'completed' },
            { label: 'Rejected', value: 'rejected' },
            { label: 'All', value: 'all' },
          ]}
        />
      }
    >
      <ConsoleTable
        rowKey="id"
        size="small"
        loading={orders.isFetching}
        dataSource={orders.data?.list ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: orders.data?.total ?? 0, onChange: setPage }}
        locale={{ emptyText: orders.isError ? 'Could not load the orders' : NO_ORDER[status] }}
      />
      <Modal
        open={rejecting !== null}
        title={`Reject order #${rejecting?.id ?? ''}?`}
        okText="Reject"
        okButtonProps={{ danger: true, loading: review.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          if (!rejecting) return;
          void review
            .mutateAsync({ id: rejecting.id, body: { action: 'reject', reason: reason.trim() } })
            .then(() => {
              void message.success('Rejected');
              setRejecting(null);
              setReason('');
            });
        }}
      >
        <p>{rejecting?.side === 'sell' ? 'The coins go back to the user.' : 'Nothing was paid out.'}</p>
        <Input.TextArea
          aria-label="Reason"
          placeholder="Reason the user sees"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

function Ads() {
  const { message } = App.useApp();
  const ads = useOtcAds();
  const { createAd, setActive } = useOtcMutations();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdForm>();
  const side = Form.useWatch('side', form);

  const columns: TableColumnsType<OtcAd> = [
    {
      title: 'Side',
      dataIndex: 'side',
      width: 70,
      render: (s: string) => <SideTag side={s} />,
    },
    { title: 'Coin', dataIndex: 'coin', width: 70 },
    {
      title: 'Price',
      dataIndex: 'price',
      align: 'right',
      render: (v: string, a) => (
        <Num>
          {fiat(v)} {a.fiat}
        </Num>
      ),
    },
    {
      title: 'Limit',
      align: 'right',
      render: (_: unknown, a) => (
        <Num>
          {qty(a.min, a.coin)} – {qty(a.max, a.coin)} {a.coin}
        </Num>
      ),
    },
    {
      title: 'Payment',
      dataIndex: 'payment_methods',
      render: (m: string[]) => m.map(methodWords).join(', '),
    },
    { title: 'Broker', dataIndex: 'broker_contact', ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: 'Orders / success',
      // One line: the '%' wrapped under the figure at 1280 px. No order has no rate (the server's
      // 100.00 would read as a record).
      render: (_: unknown, a) => (
        <Num>{`${a.stats.order_count} / ${a.stats.order_count === 0 ? '—' : formatPercent(a.stats.success_rate)}`}</Num>
      ),
    },
    {
      title: 'Active',
      dataIndex: 'active',
      width: 80,
      render: (v: boolean, a) => (
        <Switch
          aria-label={`Ad ${a.id} active`}
          checked={v}
          loading={setActive.isPending}
          onChange={(active) => setActive.mutate({ id: a.id, active })}
        />
      ),
    },
  ];

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await createAd.mutateAsync({
        ...v,
        active: true,
        ...(v.broker_contact ? { broker_contact: v.broker_contact } : {}),
      } as OtcAdCreate);
      void message.success('Ad created');
      setOpen(false);
      form.resetFields();
    } catch (err) {
      fieldErrors(form as never, err);
    }
  };

  return (
    <Card
      title="OTC ads"
      extra={
        <Button type="primary" onClick={() => setOpen(true)}>
          New ad
        </Button>
      }
    >
      <ConsoleTable
        rowKey="id"
        size="small"
        dataSource={ads.data ?? []}
        columns={columns}
        pagination={false}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="New OTC ad"
        width={420}
        extra={
          <Button type="primary" loading={createAd.isPending} onClick={submit}>
            Create
          </Button>
        }
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ side: 'buy', coin: 'USDC', fiat: 'EUR', payment_methods: ['sepa'] }}
        >
          <Form.Item name="side" label="Side (the user's)" rules={[{ required: true }]}>
            <Segmented
              options={[
                { label: 'User buys', value: 'buy' },
                { label: 'User sells', value: 'sell' },
              ]}
            />
          </Form.Item>
          <Form.Item name="coin" label="Coin" rules={[{ required: true }]}>
            <Select
              options={['USDC', 'BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE'].map((c) => ({
                value: c,
                label: c,
              }))}
            />
          </Form.Item>
          <Form.Item name="fiat" label="Fiat (ISO code)" rules={[{ required: true, pattern: /^[A-Z]{3}$/ }]}>
            <Input maxLength={3} />
          </Form.Item>
          <Form.Item
            name="price"
            label="Price per coin (2 decimals)"
            rules={[{ required: true, pattern: /^(0|[1-9]\d*)(\.\d{1,2})?$/ }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="min" label="Min quantity" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="max" label="Max quantity" rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space.Compact>
          <Form.Item
            name="payment_methods"
            label="Payment methods"
            extra="The listed ones show in the reader's language; anything else typed here shows as typed."
            rules={[{ required: true }]}
          >
            <Select
              mode="tags"
              maxCount={5}
              options={OTC_PAYMENT_METHODS.map((m) => ({ value: m, label: `${METHOD_WORDS[m]} (${m})` }))}
            />
          </Form.Item>
          <Form.Item
            name="broker_contact"
            label="Broker contact (shown to buyers)"
            rules={[{ required: side === 'buy', message: 'Buy ads need a broker contact' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Drawer>
    </Card>
  );
}

function Treasury() {
  const { message } = App.useApp();
  const treasury = useTreasury();
  const { fund } = useOtcMutations();
  const [form] = Form.useForm<{ coin: string; amount: string }>();
  return (
    // The OTC pool only (purpose 'otc'): the title named the flash exchange too, whose pool is
    // another one (the Dashboard's treasury table), so funding here never reached it.
    <Card title="Treasury for OTC payouts">
      <Typography.Paragraph type="secondary">
        Pays the coins of approved OTC orders. The flash exchange has its own pool, listed on the Dashboard.
      </Typography.Paragraph>
      <Space wrap size="large" style={{ marginBottom: 12 }}>
        {(treasury.data ?? []).map((c) => (
          <Num key={c.coin}>
            <b>{c.coin}</b> {qty(c.available, c.coin)}
          </Num>
        ))}
      </Space>
      <Form
        form={form}
        layout="inline"
        initialValues={{ coin: 'USDC' }}
        onFinish={(v) =>
          fund.mutateAsync(v).then(
            () => {
              void message.success('Treasury funded');
              form.resetFields(['amount']);
            },
            (err) => fieldErrors(form as never, err),
          )
        }
      >
        <Form.Item name="coin">
          <Select
            style={{ width: 100 }}
            options={['USDC', 'BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE'].map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item name="amount" rules={[{ required: true }]}>
          <Input aria-label="Amount" placeholder="Amount" inputMode="decimal" />
        </Form.Item>
        <Button htmlType="submit" loading={fund.isPending}>
          Add own funds
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/otc: review OTC orders, manage the desk's ads, see and fund the treasury (ADR 076). */
export function Otc() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Orders />
      <Ads />
      <Treasury />
    </Space>
  );
}
