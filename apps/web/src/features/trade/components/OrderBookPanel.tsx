import type { Coin, Depth, DepthLevel } from '@ex/sdk';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatLastPrice, formatPrice, formatQuantity } from '../../../lib/format.ts';
import { barPercent, maxOf } from './bar.ts';
import '../trade.css';

interface Props {
  market: Coin;
  /** Levels per side. */
  rows?: number;
  /** Tapping a level puts its price into the form (as the big apps do). */
  onPick?(price: string): void;
  /** Mark price of a perpetual, shown under the last price. */
  mark?: string;
  /** The live book (useDepth), owned by the screen so the form reads the same best prices. */
  depth: Depth | undefined;
}

function Level({
  level,
  side,
  max,
  market,
  onPick,
}: {
  level: DepthLevel;
  side: 'bid' | 'ask';
  max: string;
  market: Coin;
  onPick?(price: string): void;
}) {
  const { lang } = useLang();
  const [price, qty] = level;
  const width = barPercent(qty, max);
  return (
    <button
      type="button"
      className={`ob-row ob-row--${side}`}
      onClick={() => onPick?.(price)}
      tabIndex={onPick ? 0 : -1}
    >
      <span className="ob-row__bar" style={{ width: `${width}%` }} aria-hidden="true" />
      <span className="ob-row__price num">{formatPrice(price, market.price_scale, lang)}</span>
      {/* At the market's step, as the order cards and the confirmation (formatQuantity). */}
      <span className="ob-row__qty num">{formatQuantity(qty, market, lang)}</span>
    </button>
  );
}

/** The compact live book of the trade screens: asks above (best nearest), last price, bids below. */
export function OrderBookPanel({ market, rows = 7, onPick, mark, depth }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const asks = (depth?.asks ?? []).slice(0, rows);
  const bids = (depth?.bids ?? []).slice(0, rows);
  const max = maxOf([...asks, ...bids].map((l) => l[1]));
  const tone = market.change_pct.startsWith('-') ? 'down' : /[1-9]/.test(market.change_pct) ? 'up' : 'flat';
  const pad = (n: number) => Array.from({ length: Math.max(0, rows - n) }, (_, i) => i);
  return (
    <section className="ob" aria-label={t('trade.orderBook')}>
      <div className="ob-head">
        <span>{t('trade.priceCol', { quote: market.quote })}</span>
        <span>{t('trade.qtyCol', { base: market.base })}</span>
      </div>
      <div className="ob-side ob-side--asks">
        {pad(asks.length).map((i) => (
          <div key={`pa${i}`} className="ob-row ob-row--empty" aria-hidden="true" />
        ))}
        {[...asks].reverse().map((l) => (
          <Level key={l[0]} level={l} side="ask" max={max} market={market} onPick={onPick} />
        ))}
      </div>
      <div className={`ob-mid ob-mid--${tone} num`}>
        <span className="ob-mid__last">{formatLastPrice(market.last, market.price_scale, lang)}</span>
        {mark && <span className="ob-mid__mark">{formatPrice(mark, market.price_scale, lang)}</span>}
      </div>
      <div className="ob-side">
        {bids.map((l) => (
          <Level key={l[0]} level={l} side="bid" max={max} market={market} onPick={onPick} />
        ))}
        {pad(bids.length).map((i) => (
          <div key={`pb${i}`} className="ob-row ob-row--empty" aria-hidden="true" />
        ))}
      </div>
    </section>
  );
}
