import type { Kline } from '@ex/sdk';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { bcp47, type Lang } from '../../../lib/lang.ts';

/**
 * Canvas plotting needs numbers: this is the one place where decimal strings become JS numbers,
 * for drawing only (ADR 025). Labels on the price axis are formatted from the number back with the
 * market's scale; nothing computed here ever reaches an order or a balance.
 */
const plot = (v: string): number => Number(v);

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

export function toCandles(list: Kline[]) {
  return list.map(([t, o, h, l, c]) => ({
    time: Math.floor(t / 1000) as UTCTimestamp,
    open: plot(o),
    high: plot(h),
    low: plot(l),
    close: plot(c),
  }));
}

export function CandleChart({
  klines,
  scale,
  lang,
  label,
}: {
  klines: Kline[];
  scale: number;
  lang: Lang;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volume = useRef<ISeriesApi<'Histogram'> | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    if (!box.current) return;
    const up = cssVar('--up', '#0ecb81');
    const down = cssVar('--down', '#f6465d');
    const axis = new Intl.NumberFormat(bcp47(lang), {
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
    });
    const c = createChart(box.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: cssVar('--bg', '#0b0e11') },
        textColor: cssVar('--text-2', '#848e9c'),
        fontSize: 10,
        attributionLogo: false,
      },
      grid: { vertLines: { color: '#1e2329' }, horzLines: { color: '#1e2329' } },
      rightPriceScale: { borderColor: '#2b3139' },
      // Both edges fixed: the first and last time labels are then shifted inside the plot instead of
      // being cut at its border (the leftmost read ":00" at 375 px), and the chart cannot be dragged
      // past the first or the latest candle into empty space.
      timeScale: {
        borderColor: '#2b3139',
        timeVisible: true,
        secondsVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
      },
      localization: {
        locale: bcp47(lang),
        priceFormatter: (p: number) => axis.format(p),
      },
      crosshair: { mode: 0 },
    });
    candles.current = c.addSeries(CandlestickSeries, {
      upColor: up,
      downColor: down,
      borderUpColor: up,
      borderDownColor: down,
      wickUpColor: up,
      wickDownColor: down,
      priceFormat: { type: 'price', precision: scale, minMove: 1 / 10 ** scale },
    });
    // No last-value tag or line for the volume: on the shared right axis its tag ("1.50") covered
    // the lowest price label and read like a price.
    volume.current = c.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.current.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    candles.current.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    chart.current = c;
    fitted.current = false;
    return () => {
      c.remove();
      chart.current = null;
      candles.current = null;
      volume.current = null;
    };
  }, [scale, lang]);

  useEffect(() => {
    if (!candles.current || !volume.current) return;
    const up = cssVar('--up-soft', 'rgba(14,203,129,.4)');
    const down = cssVar('--down-soft', 'rgba(246,70,93,.4)');
    candles.current.setData(toCandles(klines));
    volume.current.setData(
      klines.map(([t, o, , , c, v]) => ({
        time: Math.floor(t / 1000) as UTCTimestamp,
        value: plot(v),
        color: plot(c) >= plot(o) ? up.replace('0.14', '0.5') : down.replace('0.14', '0.5'),
      })),
    );
    if (!fitted.current && klines.length > 0) {
      chart.current?.timeScale().fitContent();
      fitted.current = true;
    }
  }, [klines]);

  return <div ref={box} className="chart" role="img" aria-label={label} />;
}
