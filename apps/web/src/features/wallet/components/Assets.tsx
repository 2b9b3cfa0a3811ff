import type { Balances, Coin } from '@ex/sdk';
import { Checkbox } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPercent, isDecimalString, NBSP, PLACEHOLDER, shiftDecimal } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { ratio, signOf } from '../lib/decimal.ts';
import { spotRows, type Totals } from '../lib/valuation.ts';
import { CoinAmount, SignedAmount, UsdcValue } from './Money.tsx';
import { RowSkeletons } from './Skeletons.tsx';

/** A share of a whole ("0.1234", a ratio) as a percent in the language's layout (de: 12,34 %). */
function formatShare(ratioText: string, lang: Lang): string {
  return isDecimalString(ratioText)
    ? formatPercent(shiftDecimal(ratioText, 2), lang, { minFraction: 2, maxFraction: 2 })
    : PLACEHOLDER;
}

/** A round badge with the coin's initial (no coin logos are served yet). */
export function CoinBadge({ coin }: { coin: string }) {
  return (
    <span className={`w-badge w-badge--${coin === 'USDC' ? 'usdc' : 'coin'}`} aria-hidden>
      {coin.slice(0, 1)}
    </span>
  );
}

function Share({ part, whole }: { part: string; whole: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const r = ratio(part, whole, 4);
  if (r === null) return null;
  return <span className="w-row__sub">{t('wallet.assets.share', { percent: formatShare(r, lang) })}</span>;
}

/** Overview tab: one row per account with its value and share of the total; each opens its ledger. */
export function AccountsOverview({ totals, hidden }: { totals: Totals | null; hidden: boolean }) {
  const { t } = useTranslation();
  if (!totals) return <RowSkeletons rows={2} />;
  const rows = [
    { to: '/TradingOne', name: t('wallet.accounts.spotAccount'), value: totals.spot, badge: 'S' },
    { to: '/TradingTwo', name: t('wallet.accounts.contractAccount'), value: totals.contract, badge: 'F' },
  ];
  return (
    <div className="w-card w-card--list">
      {rows.map((r) => (
        <Link
          key={r.to}
          to={r.to}
          className="w-row"
          aria-label={t('wallet.assets.openLedger', { name: r.name })}
        >
          <span className="w-badge w-badge--account" aria-hidden>
            {r.badge}
          </span>
          <div className="w-row__main">
            <div className="w-row__title">{r.name}</div>
            {!hidden && <Share part={r.value} whole={totals.total} />}
          </div>
          <div className="w-row__side">
            <div className="w-row__amount">
              <UsdcValue value={r.value} hidden={hidden} />
              {NBSP}
              <span className="w-row__coin">USDC</span>
            </div>
          </div>
          <RightOutline className="w-row__arrow" aria-hidden />
        </Link>
      ))}
      {signOf(totals.total) === 0 && (
        <EmptyState
          compact
          title={t('wallet.assets.noBalances')}
          text={t('wallet.assets.noBalancesHint')}
          action={
            <Link to="/Recharge" className="btn-ghost w-btn-inline">
              {t('my.deposit')}
            </Link>
          }
        />
      )}
    </div>
  );
}

/** Spot tab: coin rows (available, in orders, value in USDC), zero balances hideable. */
export function SpotBalances({
  balances,
  coins,
  hidden,
  hideZero,
  onHideZero,
}: {
  balances: Balances | undefined;
  coins: readonly Coin[] | undefined;
  hidden: boolean;
  hideZero: boolean;
  onHideZero(on: boolean): void;
}) {
  const { t } = useTranslation();
  const rows = spotRows(balances, coins, hideZero);
  return (
    <>
      <div className="w-toolbar">
        <Checkbox checked={hideZero} onChange={onHideZero} className="w-check">
          {t('wallet.assets.hideZero')}
        </Checkbox>
        <Link to="/TradingOne" className="w-link">
          {t('wallet.assets.ledger')} <RightOutline />
        </Link>
      </div>
      {!balances ? (
        <RowSkeletons rows={4} />
      ) : rows.length === 0 ? (
        <EmptyState compact text={t('wallet.assets.noBalancesHint')} title={t('wallet.assets.noBalances')} />
      ) : (
        <div className="w-card w-card--list">
          {rows.map((r) => (
            <Link
              key={r.coin}
              to={`/TradingOne?coin=${encodeURIComponent(r.coin)}`}
              className="w-row w-row--coin"
              aria-label={t('wallet.assets.openLedger', { name: r.coin })}
            >
              <CoinBadge coin={r.coin} />
              <div className="w-row__main">
                <div className="w-row__title">{r.coin}</div>
                <div className="w-row__sub">
                  {t('wallet.assets.available')}{' '}
                  <CoinAmount value={r.available} coin={r.coin} hidden={hidden} />
                </div>
                <div className="w-row__sub">
                  {t('wallet.assets.frozen')} <CoinAmount value={r.frozen} coin={r.coin} hidden={hidden} />
                </div>
              </div>
              <div className="w-row__side">
                <div className="w-row__amount">
                  <CoinAmount value={r.total} coin={r.coin} hidden={hidden} />
                </div>
                <div className="w-row__sub">
                  ≈{NBSP}
                  <UsdcValue value={r.value} hidden={hidden} />
                  {NBSP}USDC
                </div>
              </div>
            </Link>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * Futures tab (ADR 221): the figures a Bybit/Binance user reads on a futures account, all from the
 * server (decimal strings; no arithmetic here) and all in the app's one USDC overview format
 * (`formatUsdc`, 2 decimals, as /ContractOpe shows them): equity (margin balance) big; then
 * available (the engine's free collateral, the same number as /ContractOpe's "Available"),
 * unrealised PnL, wallet balance, position margin (cross initial margin at the mark + isolated
 * margin) and order margin (holds of open orders).
 */
export function ContractAccountCard({
  balances,
  hidden,
}: {
  balances: Balances | undefined;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  if (!balances) return <RowSkeletons rows={2} />;
  const c = balances.contract;
  const figures = [
    { key: 'available', label: t('wallet.assets.available'), value: c.free_collateral, spendable: true },
    { key: 'pnl', label: t('wallet.assets.unrealizedPnl'), value: c.unrealized_pnl, signed: true },
    { key: 'wallet', label: t('wallet.assets.walletBalance'), value: c.wallet_balance },
    { key: 'position', label: t('wallet.assets.margin'), value: c.position_margin },
    { key: 'order', label: t('wallet.assets.orderMargin'), value: c.frozen },
  ];
  return (
    <div className="w-card w-contract">
      <div className="w-contract__label">{t('wallet.assets.equity')}</div>
      <div className="w-contract__equity">
        <UsdcValue value={c.equity} hidden={hidden} />
      </div>
      <dl className="w-grid">
        {figures.map((f) => (
          <div key={f.key} data-figure={f.key}>
            <dt>{f.label}</dt>
            <dd>
              {f.signed ? (
                <SignedAmount value={f.value} coin={c.coin} hidden={hidden} decimals={2} />
              ) : (
                <UsdcValue value={f.value} hidden={hidden} spendable={f.spendable} />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div className="w-contract__actions">
        <Link to="/TransformTwo?from=spot&to=contract" className="w-btn">
          {t('wallet.assets.transferHere')}
        </Link>
        <Link to="/TradingTwo" className="w-btn">
          {t('wallet.assets.ledger')}
        </Link>
      </div>
    </div>
  );
}
