import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { dateTime } from '../../../lib/format.ts';
import { useDashboard } from '../api/dashboard.ts';

/** Amounts arrive as decimal strings and are shown as they are: no float ever rounds them. */
export function Dashboard() {
  const d = useDashboard().data;
  if (!d) return <Typography.Text type="secondary">Loading…</Typography.Text>;
  return (
    <>
      <Typography.Title level={4}>Dashboard</Typography.Title>
      <Typography.Paragraph type="secondary">As of {dateTime(d.ts)}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title="Users" value={d.users.total} suffix={`+${d.users.today} today`} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic
              title="Deposits today (USDC)"
              value={d.deposits_today.amount}
              suffix={`· ${d.deposits_today.count}`}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic
              title="Withdrawals today (USDC)"
              value={d.withdrawals_today.amount}
              suffix={`· ${d.withdrawals_today.count}`}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title="Insurance fund (USDC)" value={d.insurance_fund} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card title="Pending reviews">
            <p>
              <Link to="/withdrawals">Withdrawals: {d.pending_reviews.withdrawals}</Link>
            </p>
            <p>
              <Link to="/kyc">KYC: {d.pending_reviews.kyc}</Link>
            </p>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card title="Engine">
            <p>Database {d.engine.db_ok ? <Tag color="green">ok</Tag> : <Tag color="red">down</Tag>}</p>
            <p>Journal: {d.engine.journal_length} commands</p>
            <p>
              Index:{' '}
              {d.engine.stale_index.length === 0 ? (
                <Tag color="green">fresh</Tag>
              ) : (
                d.engine.stale_index.map((s) => (
                  <Tag key={s} color="orange">
                    stale {s}
                  </Tag>
                ))
              )}
            </p>
            <p>
              Paused:{' '}
              {d.engine.paused_markets.length === 0
                ? 'none'
                : d.engine.paused_markets.map((s) => (
                    <Tag key={s} color="red">
                      {s}
                    </Tag>
                  ))}
            </p>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Users">
            <p>Banned: {d.users.banned}</p>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Volume, last 24 h">
            <Table
              size="small"
              rowKey="symbol"
              pagination={false}
              dataSource={d.volume_24h}
              columns={[
                { title: 'Market', dataIndex: 'symbol' },
                { title: 'Base', dataIndex: 'base_volume', align: 'right' },
                { title: 'Quote (USDC)', dataIndex: 'quote_volume', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Card title="Open interest">
            <Table
              size="small"
              rowKey="symbol"
              pagination={false}
              dataSource={d.open_interest}
              columns={[
                { title: 'Market', dataIndex: 'symbol' },
                { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Card title="Treasury">
            <Table
              size="small"
              rowKey={(t) => `${t.purpose}.${t.coin}`}
              pagination={false}
              dataSource={d.treasury}
              columns={[
                { title: 'Purpose', dataIndex: 'purpose' },
                { title: 'Coin', dataIndex: 'coin' },
                {
                  title: 'Available',
                  dataIndex: 'available',
                  align: 'right',
                  render: (v: string, t) => (t.low ? <Tag color="orange">{v}</Tag> : v),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
