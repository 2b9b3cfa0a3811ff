import type { KlineInterval } from '@ex/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { ChangePill } from '../../../components/ChangePill.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { formatChangePercent, formatCompact, formatLastPrice, formatPrice } from '../../../lib/format.ts';
import { useCoins } from '../../../lib/queries.ts';
import { useDepth, useKline, useTicker, useTrades } from '../../stream/hooks.ts';
import { StreamBanner } from '../../stream/StreamBanner.tsx';
import { useFunding } from '../../trade/api/contract.ts';
import { shiftDecimalText } from '../../trade/components/shift.ts';
import { CandleChart } from '../components/CandleChart.tsx';
import { DepthTable } from '../components/DepthTable.tsx';
import { TradesList } from '../components/TradesList.tsx';
import '../../trade/trade.css';
import '../detail.css';

const INTERVALS: { value: KlineInterval; label: string }[] = [
  { value: '1m', label: '1m' },
  { value: '5m', label: '5m' },
  { value: '15m', label: '15m' },
  { value: '1h', label: '1h' },
  { value: '4h', label: '4h' },
  { value: '1d', label: '1D' },
];

/** /DetailPage?symbol=BTC_USDC (ADR 025): price, 24h stats, candles, book and trades, trade buttons. */
export default function DetailPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? '';
  const coins = useCoins();
  const market = coins.data?.find((c) => c.symbol === symbol);
  const [interval, setInterval] = useState<KlineInterval>('15m');
  const [tab, setTab] = useState<'book' | 'trades'>('book');
  useTicker();
  const klines = useKline(market?.symbol, interval);
  const depth = useDepth(market?.symbol, 20);
  const trades = useTrades(tab === 'trades' ? market?.symbol : undefined);
  const perp = market?.kind === 'perp';
  const funding = useFunding(perp ? market?.symbol : undefined);

  if (!coins.isPending && !market) {
    return (
      <PageShell title={t('titles.detailPage')} fallback="/Transaction">
        <EmptyState
          text={t('detail.notFound')}
          action={
            <Link className="link-btn" to="/Transaction">
              {t('common.openMarkets')}
            </Link>
          }
        />
      </PageShell>
    );
  }
  const title = market
    ? `${market.base}/${market.quote}${perp ? ` ${t('market.perp')}` : ''}`
    : t('titles.detailPage');
  const change = formatChangePercent(market?.change_pct, lang);
  const scale = market?.price_scale ?? 2;

  return (
    <PageShell title={title} fallback="/Transaction" className="detail">
      <StreamBanner />
      {!market ? (
        <div className="detail-head" role="status" aria-label={t('common.loading')}>
          <span className="sk sk--w40" />
        </div>
      ) : (
        <>
          <section className="detail-head">
            <div>
              <div className={`detail-head__price num tone-${change.tone}`}>
                {formatLastPrice(market.last, scale, lang)}
              </div>
              <ChangePill value={market.change_pct} />
              {perp && funding.data && (
                // One line each, the figure never split from itself: run together they broke into
                // three ragged lines at 375 px ("Prix de marque 97 482,93 ·" / "Taux de financement" / "+0,0100 %").
                <dl className="detail-head__funding muted" data-testid="detail-funding">
                  <div>
                    <dt>{t('trade.markPrice')}</dt>
                    <dd className="num">{formatPrice(funding.data.mark_price, scale, lang)}</dd>
                  </div>
                  <div>
                    <dt>{t('detail.funding')}</dt>
                    {/* The rate is a fraction ("0.0001" = 0.01 %): shifted to percent (ADR 156). */}
                    <dd className="num">
                      {funding.data.rate
                        ? formatChangePercent(shiftDecimalText(funding.data.rate, 2), lang, 4).text
                        : '—'}
                    </dd>
                  </div>
                </dl>
              )}
            </div>
            <dl className="detail-stats">
              <div>
                <dt>{t('detail.high')}</dt>
                <dd className="num">{formatLastPrice(market.high, scale, lang)}</dd>
              </div>
              <div>
                <dt>{t('detail.low')}</dt>
                <dd className="num">{formatLastPrice(market.low, scale, lang)}</dd>
              </div>
              <div>
                <dt>{t('detail.volume', { base: market.base })}</dt>
                <dd className="num">{formatCompact(market.volume, lang)}</dd>
              </div>
              <div>
                <dt>{t('detail.amount', { quote: market.quote })}</dt>
                <dd className="num">{formatCompact(market.amount, lang)}</dd>
              </div>
            </dl>
          </section>
          <TextTabs<KlineInterval>
            className="detail-intervals"
            dense
            label={t('detail.interval')}
            value={interval}
            onChange={setInterval}
            options={INTERVALS}
          />
          <div className="chart-wrap">
            <CandleChart klines={klines.data ?? []} scale={scale} lang={lang} label={t('detail.chart')} />
            {klines.data && klines.data.length === 0 && (
              <div className="chart-empty muted">{t('detail.chartEmpty')}</div>
            )}
          </div>
          <TextTabs<'book' | 'trades'>
            className="detail-tabs"
            label={t('trade.orderBook')}
            value={tab}
            onChange={setTab}
            options={[
              { value: 'book', label: t('trade.orderBook') },
              { value: 'trades', label: t('detail.trades') },
            ]}
          />
          {tab === 'book' ? (
            <DepthTable market={market} depth={depth.data} />
          ) : (
            <TradesList market={market} trades={trades.data} />
          )}
          <div className="detail-actions">
            <Link
              className="detail-actions__btn detail-actions__btn--up"
              to={`/${perp ? 'ContractOpe' : 'SpotOpe'}?symbol=${encodeURIComponent(market.symbol)}&side=${perp ? 'long' : 'buy'}`}
            >
              {perp ? t('trade.long') : t('trade.buy')}
            </Link>
            <Link
              className="detail-actions__btn detail-actions__btn--down"
              to={`/${perp ? 'ContractOpe' : 'SpotOpe'}?symbol=${encodeURIComponent(market.symbol)}&side=${perp ? 'short' : 'sell'}`}
            >
              {perp ? t('trade.short') : t('trade.sell')}
            </Link>
          </div>
        </>
      )}
    </PageShell>
  );
}
