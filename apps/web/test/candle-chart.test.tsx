// The coin detail chart drew the volume's last value as a green tag on the price axis ("1.50"),
// over the lowest price label: the volume series now has no last-value tag and no price line.
// The fr walk (375 px): the leftmost time label was cut at the plot's border (":00"); with both
// edges of the time scale fixed, lightweight-charts shifts the edge labels inside the plot.

import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const added = vi.hoisted(() => [] as { kind: string; options: Record<string, unknown> }[]);
const charts = vi.hoisted(() => [] as Record<string, Record<string, unknown>>[]);
vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: vi.fn(), priceScale: () => ({ applyOptions: vi.fn() }) });
  return {
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    ColorType: { Solid: 'solid' },
    createChart: (_box: HTMLElement, chartOptions: Record<string, Record<string, unknown>>) => {
      charts.push(chartOptions);
      return {
        addSeries: (kind: string, options: Record<string, unknown>) => {
          added.push({ kind, options });
          return series();
        },
        timeScale: () => ({ fitContent: vi.fn(), scrollToRealTime: vi.fn() }),
        remove: vi.fn(),
      };
    },
  };
});

const { CandleChart } = await import('../src/features/detail/components/CandleChart.tsx');

describe('CandleChart', () => {
  afterEach(() => cleanup());

  it('plots the volume without a last-value tag or price line on the price axis', () => {
    render(<CandleChart klines={[]} scale={2} lang="en" label="BTC/USDC" />);
    const volume = added.find((s) => s.kind === 'Histogram');
    expect(volume?.options).toMatchObject({ lastValueVisible: false, priceLineVisible: false });
    // The candles keep theirs: the current price is the one tag that belongs on the axis.
    const candles = added.find((s) => s.kind === 'Candlestick');
    expect(candles?.options.lastValueVisible).toBeUndefined();
  });

  it('keeps the first and last time labels inside the plot (both time-scale edges fixed)', () => {
    render(<CandleChart klines={[]} scale={2} lang="fr" label="BTC/USDC" />);
    expect(charts.at(-1)?.timeScale).toMatchObject({
      fixLeftEdge: true,
      fixRightEdge: true,
      timeVisible: true,
    });
  });
});
