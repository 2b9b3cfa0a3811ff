import { UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';

/** The page of /Recharge and /Withdrawal (ADR 095), with the link to its history at the top right. */
export function FundsPage({
  title,
  history,
  historyTitle,
  children,
}: {
  title: string;
  history: string;
  historyTitle: string;
  children: ReactNode;
}) {
  return (
    <PageShell
      title={title}
      fallback="/My"
      right={
        <Link to={history} className="icon-btn" aria-label={historyTitle}>
          <UnorderedListOutline fontSize={20} />
        </Link>
      }
    >
      {children}
    </PageShell>
  );
}

/** The coin and network both screens move: USDC on TRC20. */
export function CoinNetworkPair() {
  const { t } = useTranslation();
  return (
    <div className="f-pair">
      <div className="f-pair__item">
        <span className="f-pair__label">{t('funds.common.coin')}</span>
        <span className="f-pair__value">
          <span className="f-coin-icon" aria-hidden>
            $
          </span>
          USDC
        </span>
      </div>
      <div className="f-pair__item">
        <span className="f-pair__label">{t('funds.common.network')}</span>
        <span className="f-pair__value">
          <span className="f-network">TRC20</span>
        </span>
      </div>
    </div>
  );
}
