import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BlockOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FundOutlined,
  GiftOutlined,
  LikeOutlined,
  LogoutOutlined,
  MailOutlined,
  RocketOutlined,
  SafetyOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Layout, Menu, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { type SectionPath, sections } from '../app/sections.ts';
import { tokens } from '../app/theme.ts';
import { signOutEverywhereHere } from '../features/account/api/account.ts';
import { signedInEmail } from '../lib/api.ts';

const icons: Record<SectionPath, ReactNode> = {
  outbox: <MailOutlined />,
  withdrawals: <WalletOutlined />,
  kyc: <AuditOutlined />,
  chain: <BlockOutlined />,
  otc: <SwapOutlined />,
  ieo: <RocketOutlined />,
  earn: <FundOutlined />,
  releases: <CloudUploadOutlined />,
  users: <TeamOutlined />,
  content: <AppstoreOutlined />,
  support: <CustomerServiceOutlined />,
  account: <SafetyOutlined />,
  reserves: <BankOutlined />,
  dashboard: <DashboardOutlined />,
  markets: <ControlOutlined />,
  dividends: <GiftOutlined />,
  votes: <LikeOutlined />,
  audit: <FileSearchOutlined />,
  operators: <SolutionOutlined />,
};

export function ConsoleLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const selected = location.pathname.split('/')[1] ?? 'outbox';
  const [collapsed, setCollapsed] = useState(false);
  // A phone (below antd's sm, 576 px) keeps 12 px margins: 24 would take an eighth of the width.
  const phone = Grid.useBreakpoint().xs === true;

  const signOut = async () => {
    // The server ends the token (411 afterwards), not just this tab forgetting it (ADR 126).
    await signOutEverywhereHere();
    void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={220}
        breakpoint="lg"
        collapsedWidth={64}
        collapsed={collapsed}
        onBreakpoint={setCollapsed}
        style={{ borderRight: `1px solid ${tokens.line}` }}
      >
        <div style={{ height: 64, display: 'flex', alignItems: 'center', gap: 10, padding: '0 20px' }}>
          <span
            aria-hidden
            style={{
              width: 24,
              height: 24,
              borderRadius: 6,
              background: tokens.brand,
              display: 'inline-block',
              flex: 'none',
            }}
          />
          {!collapsed && (
            <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
              Operator
            </Typography.Text>
          )}
        </div>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          onClick={({ key }) => navigate(`/${key}`)}
          items={sections.map((s) => ({ key: s.path, icon: icons[s.path], label: s.label }))}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderBottom: `1px solid ${tokens.line}`,
          }}
        >
          <Space size="middle">
            <Typography.Text type="secondary">{signedInEmail() ?? 'Signed in'}</Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: phone ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
