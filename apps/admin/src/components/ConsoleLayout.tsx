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
  MenuOutlined,
  RocketOutlined,
  SafetyOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Grid, Layout, Menu, Result, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { type SectionPath, sectionOpenTo, sections } from '../app/sections.ts';
import { tokens } from '../app/theme.ts';
import { signOutEverywhereHere, useAdminSession } from '../features/account/api/account.ts';
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

/** The brand mark and, when there is room, the console's name. */
function Brand({ named }: { named: boolean }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
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
      {named && (
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          Operator
        </Typography.Text>
      )}
    </div>
  );
}

const DRAWER_ID = 'console-menu';

/**
 * The console's frame (ADR 231). From 576 px the side menu is a column (collapsed to its icons
 * below 992 px); on a phone it would take 64 of 375 px for good, so there it is a drawer that the
 * header's menu button opens and that takes no width when closed. Choosing a section closes it.
 */
export function ConsoleLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const selected = location.pathname.split('/')[1] ?? 'outbox';
  // The menu offers what this operator's role can open (support sees no audit log it would be
  // refused); a page opened by its address anyway says so instead of failing to load.
  const role = useAdminSession().data?.role;
  const open = sections.filter((s) => sectionOpenTo(s.path, role));
  const closed = sections.some((s) => s.path === selected) && !sectionOpenTo(selected as SectionPath, role);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A phone (below antd's sm, 576 px) keeps 12 px margins: 24 would take an eighth of the width.
  const phone = Grid.useBreakpoint().xs === true;

  const signOut = async () => {
    // The server ends the token (411 afterwards), not just this tab forgetting it (ADR 126).
    await signOutEverywhereHere();
    void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
  };

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selected]}
      onClick={({ key }) => {
        setDrawerOpen(false);
        void navigate(`/${key}`);
      }}
      items={open.map((s) => ({ key: s.path, icon: icons[s.path], label: s.label }))}
      style={{ borderInlineEnd: 'none' }}
    />
  );
  const email = signedInEmail() ?? 'Signed in';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!phone && (
        <Layout.Sider
          width={220}
          breakpoint="lg"
          collapsedWidth={64}
          collapsed={collapsed}
          onBreakpoint={setCollapsed}
          style={{ borderRight: `1px solid ${tokens.line}` }}
        >
          <div style={{ height: 64, display: 'flex', alignItems: 'center', padding: '0 20px' }}>
            <Brand named={!collapsed} />
          </div>
          {menu}
        </Layout.Sider>
      )}
      {phone && (
        <Drawer
          id={DRAWER_ID}
          placement="left"
          width={264}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<Brand named />}
          closable={{ 'aria-label': 'Close menu' }}
          styles={{ body: { padding: 0 }, header: { padding: '0 12px 0 20px', minHeight: 64 } }}
          footer={
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
              {email}
            </Typography.Text>
          }
        >
          {menu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: phone ? 'space-between' : 'flex-end',
            gap: 12,
            borderBottom: `1px solid ${tokens.line}`,
            ...(phone && { paddingInline: 12 }),
          }}
        >
          {phone && (
            <Space size="small">
              {/* 44 px square: the touch target DESIGN.md asks for. */}
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label="Open menu"
                aria-expanded={drawerOpen}
                aria-controls={DRAWER_ID}
                onClick={() => setDrawerOpen(true)}
                style={{ width: 44, height: 44 }}
              />
              <Brand named={false} />
            </Space>
          )}
          <Space size="middle">
            {/* On a phone the address is in the drawer: a long one would push Sign out off the bar. */}
            {!phone && <Typography.Text type="secondary">{email}</Typography.Text>}
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: phone ? 12 : 24 }}>
          {closed ? (
            <Result
              status="403"
              title="Not for your role"
              subTitle={`A ${role} operator cannot open this page. An admin can change your role on Operators.`}
            />
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
