import { Button, Skeleton, Tabs } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  DownlandOutline,
  EyeInvisibleOutline,
  EyeOutline,
  FileOutline,
  HistogramOutline,
  KeyOutline,
  MailOutline,
  PayCircleOutline,
  ReceiptOutline,
  SetOutline,
  TeamOutline,
  UnorderedListOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { useCoins, useUserInfo } from '../../../lib/queries.ts';
import { StatementsSection } from '../../reserves/components/StatementsSection.tsx';
import { useLiveBalances } from '../../wallet/api/wallet.ts';
import { AccountsOverview, ContractAccountCard, SpotBalances } from '../../wallet/components/Assets.tsx';
import { UsdcValue } from '../../wallet/components/Money.tsx';
import { useFlag, WALLET_PREF_KEYS } from '../../wallet/lib/prefs.ts';
import { totals as computeTotals } from '../../wallet/lib/valuation.ts';
import '../../wallet/wallet.css';
import { LinkList } from '../components/LinkList.tsx';
import { UserCard } from '../components/UserCard.tsx';

type AssetsTab = 'overview' | 'spot' | 'contract';
const TABS: readonly AssetsTab[] = ['overview', 'spot', 'contract'];

/** "My" as the Assets page: the user, the total value, the accounts and every way into them. */
export default function My() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const balances = useLiveBalances();
  const coins = useCoins();
  const [hidden, setHidden] = useFlag(WALLET_PREF_KEYS.hideAmounts);
  const [hideZero, setHideZero] = useFlag(WALLET_PREF_KEYS.hideZero);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as AssetsTab | null;
  const tab: AssetsTab = tabParam && TABS.includes(tabParam) ? tabParam : 'overview';
  const totals = computeTotals(balances.data, coins.data);

  const refresh = () => Promise.all([balances.refetch(), coins.refetch(), user.refetch()]);

  return (
    <div className="my">
      <header className="tab-head">
        <h1 className="tab-head__title">{t('titles.my')}</h1>
        <Link to="/Setting" className="icon-btn" aria-label={t('my.settings')}>
          <SetOutline fontSize={22} />
        </Link>
      </header>

      <PullRefresh onRefresh={refresh}>
        <section className="assets-card">
          <div className="assets-card__label">
            <span>{t('my.totalAssets')}</span>
            <button
              type="button"
              className="icon-btn icon-btn--small"
              onClick={() => setHidden(!hidden)}
              aria-label={hidden ? t('my.showAmounts') : t('my.hideAmounts')}
              aria-pressed={hidden}
            >
              {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
            </button>
          </div>
          {/* Until the balances arrive a skeleton, on failure a dash: a zero would not be honest. */}
          <div className="assets-card__total">
            {totals ? (
              <UsdcValue value={totals.total} hidden={hidden} />
            ) : balances.isError ? (
              <button type="button" className="w-retry num" onClick={() => void balances.refetch()}>
                -- <span>{t('common.retry')}</span>
              </button>
            ) : (
              <span className="sk w-sk--total" role="status" aria-label={t('common.loading')} />
            )}
          </div>
          {totals?.partial && !hidden && <p className="w-partial">{t('wallet.assets.partial')}</p>}
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

        <Tabs
          className="w-tabs"
          activeKey={tab}
          onChange={(key) => setParams(key === 'overview' ? {} : { tab: key }, { replace: true })}
        >
          <Tabs.Tab key="overview" title={t('wallet.assets.overview')} />
          <Tabs.Tab key="spot" title={t('wallet.accounts.spot')} />
          <Tabs.Tab key="contract" title={t('wallet.accounts.contract')} />
        </Tabs>
        <div className="w-tab-body">
          {balances.isError && !balances.data ? (
            <EmptyState
              compact
              text={t('wallet.assets.loadFailed')}
              action={
                <button type="button" className="btn-ghost" onClick={() => void balances.refetch()}>
                  {t('common.retry')}
                </button>
              }
            />
          ) : tab === 'spot' ? (
            <SpotBalances
              balances={balances.data}
              coins={coins.data}
              hidden={hidden}
              hideZero={hideZero}
              onHideZero={setHideZero}
            />
          ) : tab === 'contract' ? (
            <ContractAccountCard balances={balances.data} hidden={hidden} />
          ) : (
            <AccountsOverview totals={totals} hidden={hidden} />
          )}
        </div>

        {/* Who is signed in, below their money: the assets are what this tab is for. */}
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
            { to: '/ProofOfReserves', label: t('reserves.link'), icon: <KeyOutline /> },
            { to: '/Msg', label: t('my.messages'), icon: <MailOutline /> },
            { to: '/Setting', label: t('my.settings'), icon: <SetOutline /> },
          ]}
        />
        <StatementsSection />
      </PullRefresh>
    </div>
  );
}
