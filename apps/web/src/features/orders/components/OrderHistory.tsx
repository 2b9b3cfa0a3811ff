import type { Coin, ContractOrder, OrderStatus, SpotOrder } from '@ex/sdk';
import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatDecimal, formatPrice, formatQuantity } from '../../../lib/format.ts';
import { useCoins } from '../../../lib/queries.ts';
import { formatAgoAndTime, formatDateTime } from '../../../lib/time.ts';
import { useContractHistory } from '../../trade/api/contract.ts';
import { useSpotHistory } from '../../trade/api/spot.ts';
import { mul } from '../../trade/decimal.ts';
import { useContractTypeLabel } from '../../trade/order-type.ts';
import { statusTone } from '../../trade/orders-fields.ts';
import '../../trade/trade.css';
import '../orders.css';

export type HistoryKind = 'spot' | 'contract';

const STATUS_KEYS = {
  open: 'open',
  partially_filled: 'partiallyFilled',
  filled: 'filled',
  cancelled: 'cancelled',
} as const satisfies Record<OrderStatus, string>;

function StatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const tone = statusTone(status);
  const cls = tone === 'up' ? 'status-chip--up' : tone === 'warn' ? 'status-chip--warn' : '';
  return <span className={`status-chip ${cls}`}>{t(`orders.statuses.${STATUS_KEYS[status]}`)}</span>;
}

type HistoryOrder = { kind: 'spot'; o: SpotOrder } | { kind: 'contract'; o: ContractOrder };

function Row({ order, market, now }: { order: HistoryOrder; market?: Coin; now: number }) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const { lang } = useLang();
  const { o } = order;
  const ps = market?.price_scale ?? 2;
  const q = (v: string) => formatQuantity(v, market, lang);
  const usdc = (v: string | null) => formatDecimal(v, lang, { minFraction: 2, maxFraction: 2 });
  const base = market?.base ?? o.symbol.split('_')[0];
  let title: string;
  let tone: 'up' | 'down';
  let dealAmount: string | null;
  if (order.kind === 'spot') {
    tone = order.o.side === 'buy' ? 'up' : 'down';
    title = order.o.side === 'buy' ? t('trade.buy') : t('trade.sell');
    dealAmount = order.o.filled_value;
  } else {
    const c = order.o;
    tone = c.action === 'open_long' || c.action === 'close_short' ? 'up' : 'down';
    title = {
      open_long: t('trade.openLong'),
      open_short: t('trade.openShort'),
      close_long: t('trade.closeLong'),
      close_short: t('trade.closeShort'),
    }[c.action];
    // Contract orders carry no quote total; filled x average price is exact in decimal strings.
    dealAmount = c.avg_price ? mul(c.filled, c.avg_price, 8) : '0';
  }
  const closing = order.kind === 'contract' && order.o.action.startsWith('close_');
  const typeText = typeLabel(o.type);
  // Orders the engine made for the user (ADR 139): TP/SL closes, liquidations, ADL.
  const originText =
    order.kind === 'contract' && order.o.origin !== 'user'
      ? {
          tp: t('trade.originTp'),
          sl: t('trade.originSl'),
          liquidation: t('trade.originLiquidation'),
          adl: t('trade.originAdl'),
        }[order.o.origin]
      : null;
  const ts = o.created_at;
  return (
    <li className="order-card">
      <div className="order-card__head">
        <span>
          <b className={`tone-${tone}`}>{title}</b>{' '}
          <b>
            {base}/{market?.quote ?? 'USDC'}
          </b>{' '}
          <span className="muted">
            {typeText}
            {originText ? ` · ${originText}` : ''}
          </span>
        </span>
        <StatusChip status={o.status} />
      </div>
      <div className="order-card__time muted" title={formatDateTime(ts, lang, { seconds: true })}>
        {formatAgoAndTime(ts, lang, now)}
      </div>
      <dl className="order-card__grid">
        <div>
          <dt>{t('orders.orderPrice')}</dt>
          <dd className="num">{o.price ? formatPrice(o.price, ps, lang) : t('trade.market')}</dd>
        </div>
        <div>
          <dt>{closing ? t('orders.closePrice') : t('orders.dealPrice')}</dt>
          <dd className="num">{formatPrice(o.avg_price, ps, lang)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.filled')} / {t('orders.quantity')}
          </dt>
          <dd className="num">
            {q(o.filled)} / {q(o.quantity)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.dealAmount')}</dt>
          <dd className="num">{usdc(dealAmount)}</dd>
        </div>
        {order.kind === 'contract' && (
          <>
            <div>
              <dt>{t('orders.leverage')}</dt>
              <dd className="num">
                {order.o.leverage}x ·{' '}
                {order.o.margin_mode === 'cross' ? t('trade.cross') : t('trade.isolated')}
              </dd>
            </div>
            <div>
              <dt>{t('trade.orderFee')} (USDC)</dt>
              <dd className="num">{formatDecimal(order.o.fee, lang, { minFraction: 2, maxFraction: 6 })}</dd>
            </div>
            <div>
              <dt>{t('trade.orderPnl')} (USDC)</dt>
              <dd
                className={`num tone-${order.o.realized_pnl.startsWith('-') ? 'down' : /[1-9]/.test(order.o.realized_pnl) ? 'up' : 'flat'}`}
              >
                {formatDecimal(order.o.realized_pnl, lang, { minFraction: 2, maxFraction: 6 })}
              </dd>
            </div>
            {order.o.trigger_price !== null && (
              <div>
                <dt>
                  {t('trade.triggerPrice')} (
                  {order.o.trigger_by === 'last' ? t('trade.byLast') : t('trade.byMark')})
                </dt>
                <dd className="num">{formatPrice(order.o.trigger_price, ps, lang)}</dd>
              </div>
            )}
            {closing && o.status === 'filled' && (
              <div>
                <dt>{t('orders.closeTime')}</dt>
                <dd className="num">{formatDateTime(o.updated_at, lang, { seconds: true })}</dd>
              </div>
            )}
          </>
        )}
      </dl>
    </li>
  );
}

function Skeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="order-card order-card--sk" aria-hidden="true">
          <span className="sk sk--w40" />
          <span className="sk" />
          <span className="sk" />
        </div>
      ))}
    </div>
  );
}

/** A history list with a pair filter, pull to refresh, infinite scroll, skeletons and empty state. */
export function OrderHistory({
  kind,
  symbol,
  onSymbol,
}: {
  kind: HistoryKind;
  symbol: string;
  onSymbol(s: string): void;
}) {
  const { t } = useTranslation();
  const coins = useCoins();
  const markets = (coins.data ?? []).filter((c) => c.kind === (kind === 'spot' ? 'spot' : 'perp'));
  const bySymbol = new Map((coins.data ?? []).map((c) => [c.symbol, c]));
  const query = { symbol: symbol || undefined };
  const spot = useSpotHistory({ status: 'history', ...query });
  const contract = useContractHistory({ status: 'history', ...query });
  const q = kind === 'spot' ? spot : contract;
  const list: HistoryOrder[] =
    kind === 'spot'
      ? (spot.data?.pages ?? []).flatMap((p) => p.list.map((o) => ({ kind: 'spot' as const, o })))
      : (contract.data?.pages ?? []).flatMap((p) => p.list.map((o) => ({ kind: 'contract' as const, o })));
  const now = Date.now();
  return (
    <>
      <div className="chips filter-bar" role="tablist" aria-label={t('orders.allPairs')}>
        {[
          { symbol: '', label: t('orders.allPairs') },
          ...markets.map((m) => ({ symbol: m.symbol, label: m.base })),
        ].map((c) => (
          <button
            key={c.symbol || 'all'}
            type="button"
            role="tab"
            aria-selected={symbol === c.symbol}
            className={`chip ${symbol === c.symbol ? 'chip--active' : ''}`}
            onClick={() => onSymbol(c.symbol)}
          >
            {c.label}
          </button>
        ))}
      </div>
      <PullRefresh onRefresh={() => q.refetch()}>
        {q.isPending ? (
          <Skeleton />
        ) : list.length === 0 ? (
          <EmptyState
            title={t('orders.empty')}
            text={t('orders.emptyHint')}
            action={
              <Link className="link-btn" to={kind === 'spot' ? '/SpotOpe' : '/ContractOpe'}>
                {t('orders.tradeNow')}
              </Link>
            }
          />
        ) : (
          <>
            <ul className="order-list">
              {list.map((order) => (
                <Row key={order.o.id} order={order} market={bySymbol.get(order.o.symbol)} now={now} />
              ))}
            </ul>
            <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
              <span className="muted small">
                {q.hasNextPage ? t('orders.loadingMore') : t('orders.noMore')}
              </span>
            </InfiniteScroll>
          </>
        )}
      </PullRefresh>
    </>
  );
}
