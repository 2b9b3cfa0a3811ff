import type { Coin, ContractOrder, SpotOrder } from '@ex/sdk';
import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatChangePercent, formatDecimal, formatPrice } from '../../../lib/format.ts';
import { useCoins } from '../../../lib/queries.ts';
import { useContractHistory } from '../../trade/api/contract.ts';
import { useSpotHistory } from '../../trade/api/spot.ts';
import { createdAt, dealAmount, dealPrice, filledQty, statusTone, str } from '../../trade/orders-fields.ts';
import { formatRelative, formatTime } from '../time.ts';
import '../../trade/trade.css';
import '../orders.css';

export type HistoryKind = 'spot' | 'contract';

const STATUS_KEYS = {
  pending: 'pending',
  open: 'open',
  partially_filled: 'partiallyFilled',
  filled: 'filled',
  success: 'success',
  cancelled: 'cancelled',
  canceled: 'canceled',
  cancel: 'cancel',
  failed: 'failed',
  rejected: 'rejected',
  expired: 'expired',
  closing: 'closing',
  closed: 'closed',
} as const;

function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = STATUS_KEYS[status as keyof typeof STATUS_KEYS];
  const tone = statusTone(status);
  const cls =
    tone === 'up'
      ? 'status-chip--up'
      : tone === 'warn'
        ? 'status-chip--warn'
        : tone === 'down'
          ? 'status-chip--down'
          : '';
  return <span className={`status-chip ${cls}`}>{key ? t(`orders.statuses.${key}`) : status}</span>;
}

function Row({
  o,
  kind,
  market,
  now,
}: {
  o: SpotOrder | ContractOrder;
  kind: HistoryKind;
  market?: Coin;
  now: number;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const ps = market?.price_scale ?? 2;
  const qs = market?.qty_scale ?? 4;
  const q = (v: string | undefined) => formatDecimal(v, lang, { minFraction: qs, maxFraction: qs });
  const usdc = (v: string | undefined) => formatDecimal(v, lang, { minFraction: 2, maxFraction: 2 });
  const base = market?.base ?? o.symbol.split('_')[0];
  let title: string;
  let tone: 'up' | 'down';
  if (kind === 'spot') {
    const s = o as SpotOrder;
    tone = s.side === 'buy' ? 'up' : 'down';
    title = s.side === 'buy' ? t('trade.buy') : t('trade.sell');
  } else {
    const c = o as ContractOrder;
    tone = c.action === 'open_long' || c.action === 'close_short' ? 'up' : 'down';
    title = {
      open_long: t('trade.openLong'),
      open_short: t('trade.openShort'),
      close_long: t('trade.closeLong'),
      close_short: t('trade.closeShort'),
    }[c.action];
  }
  const ts = createdAt(o);
  const price = str(o, 'price');
  const pnl = str(o, 'pnl', 'realized_pnl', 'profit');
  const pnlPct = formatChangePercent(str(o, 'pnl_pct', 'profit_rate', 'roe'), lang);
  return (
    <li className="order-card">
      <div className="order-card__head">
        <span>
          <b className={`tone-${tone}`}>{title}</b>{' '}
          <b>
            {base}/{market?.quote ?? 'USDC'}
          </b>{' '}
          <span className="muted">{o.type === 'limit' ? t('trade.limit') : t('trade.market')}</span>
        </span>
        <StatusChip status={o.status} />
      </div>
      <div className="order-card__time muted" title={formatTime(ts, lang)}>
        {formatRelative(ts, lang, now)} · {formatTime(ts, lang)}
      </div>
      <dl className="order-card__grid">
        <div>
          <dt>{t('orders.orderPrice')}</dt>
          <dd className="num">{price ? formatPrice(price, ps, lang) : t('trade.market')}</dd>
        </div>
        <div>
          <dt>{t('orders.dealPrice')}</dt>
          <dd className="num">{formatPrice(dealPrice(o), ps, lang)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.filled')} / {t('orders.quantity')}
          </dt>
          <dd className="num">
            {q(filledQty(o) ?? '0')} / {q(str(o, 'quantity'))}
          </dd>
        </div>
        <div>
          <dt>{t('orders.dealAmount')}</dt>
          <dd className="num">{usdc(dealAmount(o))}</dd>
        </div>
        {kind === 'contract' ? (
          <>
            <div>
              <dt>{t('orders.pnl')}</dt>
              <dd
                className={`num ${pnl?.startsWith('-') ? 'tone-down' : pnl && /[1-9]/.test(pnl) ? 'tone-up' : ''}`}
              >
                {usdc(pnl)}
              </dd>
            </div>
            <div>
              <dt>{t('orders.pnlPct')}</dt>
              <dd className={`num tone-${pnlPct.tone}`}>{pnlPct.text}</dd>
            </div>
            <div>
              <dt>{t('orders.openFee')}</dt>
              <dd className="num">{usdc(str(o, 'open_fee', 'fee'))}</dd>
            </div>
            <div>
              <dt>{t('orders.closeFee')}</dt>
              <dd className="num">{usdc(str(o, 'close_fee'))}</dd>
            </div>
            <div>
              <dt>{t('orders.leverage')}</dt>
              <dd className="num">{typeof o.leverage === 'number' ? `${o.leverage}x` : '--'}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t('orders.fee')}</dt>
            <dd className="num">{formatDecimal(str(o, 'fee'), lang, { maxFraction: 8 })}</dd>
          </div>
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
  const contract = useContractHistory({ status: ['closed', 'cancel', 'cancelled', 'filled'], ...query });
  const q = kind === 'spot' ? spot : contract;
  const pages: { list: (SpotOrder | ContractOrder)[] }[] = q.data?.pages ?? [];
  const list = pages.flatMap((p) => p.list);
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
              {list.map((o) => (
                <Row key={o.id} o={o} kind={kind} market={bySymbol.get(o.symbol)} now={now} />
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
