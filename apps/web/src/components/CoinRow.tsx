import type { Coin } from '@ex/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../app/lang-context.tsx';
import { formatCompact, formatPrice } from '../lib/format.ts';
import { ChangePill } from './ChangePill.tsx';

/** One market in a list (DESIGN.md): pair, volume, last price, 24h change pill; opens the coin. */
export function CoinRow({ coin }: { coin: Coin }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Link className="coin-row" to={`/DetailPage?symbol=${encodeURIComponent(coin.symbol)}`}>
      <div className="coin-row__pair">
        <div>
          <span className="coin-row__base">{coin.base}</span>
          <span className="coin-row__quote">/{coin.quote}</span>
          {coin.kind === 'perp' && <span className="tag">{t('market.perp')}</span>}
        </div>
        <div className="coin-row__vol num">
          {t('market.volume')} {formatCompact(coin.amount, lang)}
        </div>
      </div>
      <div className="coin-row__last num">{formatPrice(coin.last, coin.price_scale, lang)}</div>
      <div className="coin-row__change">
        <ChangePill value={coin.change_pct} />
      </div>
    </Link>
  );
}

export function CoinRowSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className="coin-row coin-row--skeleton">
          <span className="sk sk--w40" />
          <span className="sk sk--w24" />
          <span className="sk sk--pill" />
        </div>
      ))}
    </div>
  );
}
