import { Button, Skeleton } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  DownlandOutline,
  EyeInvisibleOutline,
  EyeOutline,
  FileOutline,
  HistogramOutline,
  MailOutline,
  PayCircleOutline,
  ReceiptOutline,
  SetOutline,
  TeamOutline,
  UnorderedListOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useUserInfo } from '../../../lib/queries.ts';
import { LinkList } from '../components/LinkList.tsx';
import { UserCard } from '../components/UserCard.tsx';

/** "My": the signed-in user and every way into their assets. */
export default function My() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [hidden, setHidden] = useState(false);

  return (
    <div className="my">
      <header className="tab-head">
        <h1 className="tab-head__title">{t('titles.my')}</h1>
        <Link to="/Setting" className="icon-btn" aria-label={t('my.settings')}>
          <SetOutline fontSize={22} />
        </Link>
      </header>

      {user.data ? (
        <UserCard user={user.data} />
      ) : user.isError ? (
        <EmptyState
          compact
          text={t('my.loadFailed')}
          action={
            <button type="button" className="btn-ghost" onClick={() => void user.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : (
        <div className="user-card">
          <Skeleton animated className="sk-avatar" />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      )}

      <section className="assets-card">
        <div className="assets-card__label">
          <span>{t('my.totalAssets')}</span>
          <button
            type="button"
            className="icon-btn icon-btn--small"
            onClick={() => setHidden((h) => !h)}
            aria-label={hidden ? t('my.showAmounts') : t('my.hideAmounts')}
            aria-pressed={hidden}
          >
            {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        {/* Balances arrive with the wallet issue; a dash is honest, a zero would not be. */}
        <div className="assets-card__total num">{hidden ? '******' : '--'}</div>
        <div className="assets-card__actions">
          <Button color="primary" onClick={() => navigate('/Recharge')}>
            <DownlandOutline /> {t('my.deposit')}
          </Button>
          <Button onClick={() => navigate('/Withdrawal')}>
            <UploadOutline /> {t('my.withdraw')}
          </Button>
          <Button onClick={() => navigate('/TransformTwo')}>
            <PayCircleOutline /> {t('my.transfer')}
          </Button>
        </div>
      </section>

      <LinkList
        title={t('my.accounts')}
        items={[
          { to: '/WalletDetail', label: t('my.fundsAccount'), icon: <BillOutline /> },
          { to: '/TradingOne', label: t('my.spotAccount'), icon: <BankcardOutline /> },
          { to: '/TradingTwo', label: t('my.contractAccount'), icon: <HistogramOutline /> },
        ]}
      />
      <LinkList
        title={t('my.orders')}
        items={[
          { to: '/SpotOrder', label: t('my.spotOrders'), icon: <ReceiptOutline /> },
          { to: '/ContractOrder', label: t('my.contractOrders'), icon: <FileOutline /> },
          { to: '/OrderHis', label: t('my.orderHistory'), icon: <UnorderedListOutline /> },
        ]}
      />
      <LinkList
        title={t('my.services')}
        items={[
          {
            to: '/RealName',
            label: t('my.kyc'),
            icon: <CheckShieldOutline />,
            extra: user.data ? (
              <span className={user.data.verified ? 'up' : 'warn-text'}>
                {user.data.verified ? t('my.verified') : t('my.unverified')}
              </span>
            ) : null,
          },
          { to: '/Invite', label: t('my.invite'), icon: <TeamOutline /> },
          { to: '/Msg', label: t('my.messages'), icon: <MailOutline /> },
          { to: '/Setting', label: t('my.settings'), icon: <SetOutline /> },
        ]}
      />
    </div>
  );
}
