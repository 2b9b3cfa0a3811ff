import type { Coin, Trade } from '@ex/sdk';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice, formatQuantity } from '../../../lib/format.ts';
import { formatClock } from '../../../lib/time.ts';

export function TradesList({ market, trades }: { market: Coin; trades: Trade[] | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (trades && trades.length === 0) return <EmptyState compact text={t('detail.tradesEmpty')} />;
  return (
    <table className="trades">
      <thead>
        <tr>
          <th scope="col">{t('detail.time')}</th>
          <th scope="col">{t('trade.priceCol', { quote: market.quote })}</th>
          <th scope="col">{t('trade.qtyCol', { base: market.base })}</th>
        </tr>
      </thead>
      <tbody>
        {(trades ?? []).slice(0, 30).map((tr) => (
          <tr key={tr.id}>
            <td className="num muted">{formatClock(tr.ts, lang, { seconds: true })}</td>
            <td className={`num tone-${tr.side === 'buy' ? 'up' : 'down'}`}>
              {tr.side === 'buy' ? '▲' : '▼'} {formatPrice(tr.price, market.price_scale, lang)}
            </td>
            {/* At the market's step, as the order book and the order cards (formatQuantity). */}
            <td className="num">{formatQuantity(tr.qty, market, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
