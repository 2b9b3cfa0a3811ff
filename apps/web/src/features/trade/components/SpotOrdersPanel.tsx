import type { Coin, SpotOrder } from '@ex/sdk';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDecimal, formatSpendable, formatUsdc } from '../../../lib/format.ts';
import { hasToken } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { useBalances, useCancelAllSpot, useCancelSpotOrder, useOpenSpotOrders } from '../api/spot.ts';
import { isPositive } from '../decimal.ts';
import {
  CancelButton,
  OpenOrderCard,
  PanelHead,
  SignedOutPanel,
  useConfirmCancelAll,
} from './OrderPanel.tsx';

function OpenOrderRow({ order, market }: { order: SpotOrder; market: Coin | undefined }) {
  const { t } = useTranslation();
  const cancel = useCancelSpotOrder();
  const tone = order.side === 'buy' ? 'up' : 'down';
  const [base, quote] = order.symbol.split('_');
  return (
    <OpenOrderCard
      title={
        <>
          <b className={`tone-${tone}`}>{order.side === 'buy' ? t('trade.buy') : t('trade.sell')}</b>{' '}
          <b>
            {base}/{quote}
          </b>{' '}
          <span className="muted">{order.type === 'limit' ? t('trade.limit') : t('trade.market')}</span>
        </>
      }
      buttons={<CancelButton id={order.id} cancel={cancel} />}
      createdAt={order.created_at}
      price={order.price}
      filled={order.filled}
      quantity={order.quantity}
      market={market}
    />
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
  const confirmCancelAll = useConfirmCancelAll();
  const list = orders.data?.list ?? [];
  const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
  const assets = (balances.data?.spot ?? []).filter((b) => isPositive(b.available) || isPositive(b.frozen));

  if (!signedIn) return <SignedOutPanel redirect={`/SpotOpe?symbol=${market.symbol}`} />;

  return (
    <section className="tpanel">
      <PanelHead<'orders' | 'assets'>
        label={t('trade.openOrders', { count: list.length })}
        value={tab}
        onChange={setTab}
        options={[
          { value: 'orders', label: t('trade.openOrders', { count: orders.data?.total ?? list.length }) },
          { value: 'assets', label: t('trade.assets') },
        ]}
        to="/SpotOrder"
        linkLabel={t('titles.spotOrder')}
      />
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
                if (!(await confirmCancelAll(list.length))) return;
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
                      ? formatSpendable(b.available, lang)
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
