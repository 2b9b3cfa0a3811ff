import { useQuery } from '@tanstack/react-query';
import {
  BankcardOutline,
  CheckShieldOutline,
  DownlandOutline,
  GiftOutline,
  HistogramOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  TeamOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { hasToken } from '../../../lib/storage.ts';
import '../home.css';

type Label =
  | 'home.shortcuts.spot'
  | 'home.shortcuts.contract'
  | 'home.shortcuts.funds'
  | 'home.shortcuts.deposit'
  | 'home.shortcuts.withdraw'
  | 'home.shortcuts.kyc'
  | 'home.shortcuts.tradePwd'
  | 'home.shortcuts.ieo'
  | 'home.shortcuts.support'
  | 'titles.invite';

/** The home shortcuts of spec section 2, in the order users scan them: trade, money, account. */
const ITEMS: { to: string; label: Label; icon: ReactNode }[] = [
  { to: '/SpotOpe', label: 'home.shortcuts.spot', icon: <PayCircleOutline /> },
  { to: '/ContractOpe', label: 'home.shortcuts.contract', icon: <HistogramOutline /> },
  { to: '/WalletDetail', label: 'home.shortcuts.funds', icon: <BankcardOutline /> },
  { to: '/Recharge', label: 'home.shortcuts.deposit', icon: <DownlandOutline /> },
  { to: '/Withdrawal', label: 'home.shortcuts.withdraw', icon: <UploadOutline /> },
  { to: '/RealName', label: 'home.shortcuts.kyc', icon: <CheckShieldOutline /> },
  { to: '/ChangePwd?type=trade', label: 'home.shortcuts.tradePwd', icon: <LockOutline /> },
  { to: '/IEO', label: 'home.shortcuts.ieo', icon: <GiftOutline /> },
  // The in-app support centre (FAQ and tickets, ADR 208), with a dot for unread replies.
  { to: '/Support', label: 'home.shortcuts.support', icon: <MessageOutline /> },
  { to: '/Invite', label: 'titles.invite', icon: <TeamOutline /> },
];

export function Shortcuts() {
  const { t } = useTranslation();
  const signedIn = hasToken(window.localStorage);
  const unread = useQuery({
    queryKey: ['support', 'unread'],
    queryFn: ({ signal }) => api.support.unread({ signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });
  const dot = (unread.data?.count ?? 0) > 0;
  return (
    <nav className="shortcuts" aria-label={t('common.more')}>
      {ITEMS.map((item) => (
        <Link key={item.to} to={item.to} className="shortcut">
          <span className="shortcut__icon" aria-hidden="true">
            {item.icon}
            {item.to === '/Support' && dot && <span className="shortcut__dot" data-testid="support-dot" />}
          </span>
          <span className="shortcut__label">{t(item.label)}</span>
        </Link>
      ))}
    </nav>
  );
}
