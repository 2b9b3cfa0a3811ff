import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, FileOutline, HistogramOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { preloadRoute } from '../routes.ts';

const TABS = [
  { path: '/', key: 'home', icon: <AppOutline /> },
  { path: '/Transaction', key: 'market', icon: <HistogramOutline /> },
  { path: '/SpotOpe', key: 'spot', icon: <PayCircleOutline /> },
  { path: '/ContractOpe', key: 'contract', icon: <FileOutline /> },
  { path: '/My', key: 'assets', icon: <UserOutline /> },
] as const;

/** A finger or pointer on a tab: fetch that screen's code now, so the tap finds it loaded. */
function preloadOnIntent(event: SyntheticEvent<HTMLElement>): void {
  const item = (event.target as Element).closest('.adm-tab-bar-item');
  if (!item?.parentElement) return;
  const index = Array.prototype.indexOf.call(item.parentElement.children, item);
  const tab = TABS[index];
  if (tab) preloadRoute(tab.path);
}

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
      <nav
        className="tabs-layout__bar"
        onPointerDown={preloadOnIntent}
        onMouseOver={preloadOnIntent}
        onFocus={preloadOnIntent}
      >
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
