import type { Coin, Depth } from '@ex/sdk';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice, formatQuantity } from '../../../lib/format.ts';
import { barPercent, maxOf } from '../../trade/components/bar.ts';

/** Full-width book of the coin detail: bids green on the left, asks red on the right. */
export function DepthTable({
  market,
  depth,
  rows = 15,
}: {
  market: Coin;
  depth: Depth | undefined;
  rows?: number;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const bids = (depth?.bids ?? []).slice(0, rows);
  const asks = (depth?.asks ?? []).slice(0, rows);
  if (depth && bids.length === 0 && asks.length === 0)
    return <EmptyState compact text={t('detail.bookEmpty')} />;
  const max = maxOf([...bids, ...asks].map((l) => l[1]));
  // At the market's step, as the trade screen's book and the order cards (formatQuantity).
  const qty = (q: string) => formatQuantity(q, market, lang);
  return (
    <div className="dbook">
      <div className="dbook__head">
        <span>{t('detail.bookBids')}</span>
        <span>{t('trade.priceCol', { quote: market.quote })}</span>
        <span>{t('detail.bookAsks')}</span>
      </div>
      <div className="dbook__cols">
        <ol className="dbook__side" aria-label={t('detail.bookBids')}>
          {bids.map(([p, q]) => (
            <li key={p} className="dbook__row dbook__row--bid">
              <span className="dbook__bar" style={{ width: `${barPercent(q, max)}%` }} aria-hidden="true" />
              <span className="num">{qty(q)}</span>
              <span className="num tone-up">{formatPrice(p, market.price_scale, lang)}</span>
            </li>
          ))}
        </ol>
        <ol className="dbook__side" aria-label={t('detail.bookAsks')}>
          {asks.map(([p, q]) => (
            <li key={p} className="dbook__row dbook__row--ask">
              <span className="dbook__bar" style={{ width: `${barPercent(q, max)}%` }} aria-hidden="true" />
              <span className="num tone-down">{formatPrice(p, market.price_scale, lang)}</span>
              <span className="num">{qty(q)}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
