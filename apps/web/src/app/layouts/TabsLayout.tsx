import { TabBar } from 'antd-mobile';
import { AppOutline, FileOutline, HistogramOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

const TABS = [
  { path: '/', key: 'home', icon: <AppOutline /> },
  { path: '/Transaction', key: 'market', icon: <HistogramOutline /> },
  { path: '/SpotOpe', key: 'spot', icon: <PayCircleOutline /> },
  { path: '/ContractOpe', key: 'contract', icon: <FileOutline /> },
  { path: '/My', key: 'assets', icon: <UserOutline /> },
] as const;

/** The main layout of the five bottom-tab pages. */
export function TabsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.path.toLowerCase() === pathname.toLowerCase())?.path ?? '/';
  return (
    <div className="tabs-layout">
      <main className="tabs-layout__main">
        <Outlet />
      </main>
      <nav className="tabs-layout__bar">
        <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
          {TABS.map((tab) => (
            <TabBar.Item
              key={tab.path}
              icon={tab.icon}
              title={t(`tabs.${tab.key}`)}
              aria-label={t(`tabs.${tab.key}`)}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
