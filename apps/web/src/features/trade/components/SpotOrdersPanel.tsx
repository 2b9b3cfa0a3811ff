import type { Coin, SpotOrder } from '@ex/sdk';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDecimal, formatPrice, formatUsdc } from '../../../lib/format.ts';
import { hasToken } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { formatTime } from '../../orders/time.ts';
import { useBalances, useCancelAllSpot, useCancelSpotOrder, useOpenSpotOrders } from '../api/spot.ts';
import { isPositive } from '../decimal.ts';
import { TextTabs } from './SideSwitch.tsx';

function OpenOrderRow({ order, market }: { order: SpotOrder; market: Coin | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const cancel = useCancelSpotOrder();
  const ps = market?.price_scale ?? 2;
  const qs = market?.qty_scale ?? 4;
  const tone = order.side === 'buy' ? 'up' : 'down';
  const [base, quote] = order.symbol.split('_');
  return (
    <li className="order-card">
      <div className="order-card__head">
        <span>
          <b className={`tone-${tone}`}>{order.side === 'buy' ? t('trade.buy') : t('trade.sell')}</b>{' '}
          <b>
            {base}/{quote}
          </b>{' '}
          <span className="muted">{order.type === 'limit' ? t('trade.limit') : t('trade.market')}</span>
        </span>
        <Button
          size="mini"
          className="small-btn"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(order.id, {
              onSuccess: () => showToast(t('trade.cancelled'), 2000),
            })
          }
        >
          {t('trade.cancel')}
        </Button>
      </div>
      <div className="order-card__time muted">{formatTime(order.created_at, lang)}</div>
      <dl className="order-card__grid">
        <div>
          <dt>{t('trade.price')}</dt>
          <dd className="num">{order.price ? formatPrice(order.price, ps, lang) : t('trade.market')}</dd>
        </div>
        <div>
          <dt>{t('orders.filled')}</dt>
          <dd className="num">
            {formatDecimal(order.filled, lang, { minFraction: qs, maxFraction: qs })} /{' '}
            {formatDecimal(order.quantity, lang, { minFraction: qs, maxFraction: qs })}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** Under the spot form: current orders (cancel, cancel all, hide other pairs) and spot assets. */
export function SpotOrdersPanel({ market, coins }: { market: Coin; coins: Coin[] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const signedIn = hasToken(window.localStorage);
  const [tab, setTab] = useState<'orders' | 'assets'>('orders');
  const [hideOthers, setHideOthers] = useState(false);
  const orders = useOpenSpotOrders(hideOthers ? market.symbol : undefined);
  const balances = useBalances();
  const cancelAll = useCancelAllSpot();
  const list = orders.data?.list ?? [];
  const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
  const assets = (balances.data?.spot ?? []).filter((b) => isPositive(b.available) || isPositive(b.frozen));

  if (!signedIn) {
    return (
      <section className="tpanel">
        <EmptyState
          compact
          text={t('trade.loginToTrade')}
          action={
            <Link
              className="link-btn"
              to={`/Login?redirect=${encodeURIComponent(`/SpotOpe?symbol=${market.symbol}`)}`}
            >
              {t('trade.login')}
            </Link>
          }
        />
      </section>
    );
  }

  return (
    <section className="tpanel">
      <div className="tpanel__head">
        <TextTabs<'orders' | 'assets'>
          label={t('trade.openOrders', { count: list.length })}
          value={tab}
          onChange={setTab}
          options={[
            { value: 'orders', label: t('trade.openOrders', { count: orders.data?.total ?? list.length }) },
            { value: 'assets', label: t('trade.assets') },
          ]}
        />
        <Link to="/SpotOrder" className="icon-link" aria-label={t('titles.spotOrder')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M6 2h9l5 5v15H6zM14 3.5V8h4.5M8 12h8v1.5H8zm0 4h8v1.5H8z"
              fillRule="evenodd"
            />
          </svg>
        </Link>
      </div>
      {tab === 'orders' ? (
        <>
          <div className="tpanel__bar">
            <Checkbox checked={hideOthers} onChange={setHideOthers} className="hide-others">
              {t('trade.hideOtherPairs')}
            </Checkbox>
            <Button
              size="mini"
              className="small-btn"
              disabled={list.length === 0 || cancelAll.isPending}
              onClick={async () => {
                const ok = await confirmDialog({
                  content: t('trade.cancelAllConfirm', { count: list.length }),
                  confirmText: t('trade.cancelAll'),
                  cancelText: t('common.cancel'),
                });
                if (!ok) return;
                cancelAll.mutate(hideOthers ? market.symbol : undefined, {
                  onSuccess: () => showToast(t('trade.allCancelled'), 2000),
                });
              }}
            >
              {t('trade.cancelAll')}
            </Button>
          </div>
          {orders.isPending ? (
            <div className="sk-list" role="status" aria-label={t('common.loading')}>
              <span className="sk" />
              <span className="sk" />
            </div>
          ) : list.length === 0 ? (
            <EmptyState compact text={t('trade.noOrders')} />
          ) : (
            <ul className="order-list">
              {list.map((o) => (
                <OpenOrderRow key={o.id} order={o} market={bySymbol.get(o.symbol)} />
              ))}
            </ul>
          )}
        </>
      ) : assets.length === 0 ? (
        <EmptyState compact text={t('trade.noAssets')} />
      ) : (
        <table className="asset-table">
          <thead>
            <tr>
              <th scope="col">{t('trade.coin')}</th>
              <th scope="col">{t('trade.available')}</th>
              <th scope="col">{t('trade.frozen')}</th>
            </tr>
          </thead>
          <tbody>
            {assets.map((b) => {
              const d = b.coin === 'USDC' ? 2 : 8;
              return (
                <tr key={b.coin}>
                  <th scope="row">{b.coin}</th>
                  <td className="num">
                    {b.coin === 'USDC'
                      ? formatUsdc(b.available, lang)
                      : formatDecimal(b.available, lang, { maxFraction: d })}
                  </td>
                  <td className="num">
                    {b.coin === 'USDC'
                      ? formatUsdc(b.frozen, lang)
                      : formatDecimal(b.frozen, lang, { maxFraction: d })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
