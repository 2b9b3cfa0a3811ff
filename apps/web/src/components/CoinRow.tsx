import type { Coin } from '@ex/sdk';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../app/lang-context.tsx';
import { formatCompact, formatLastPrice } from '../lib/format.ts';
import { ChangePill } from './ChangePill.tsx';

interface Props {
  coin: Coin;
  /** Shows the favourite star in front of the row (markets list). */
  favorite?: { on: boolean; toggle(): void };
  /** Called before navigating to the coin (the search records what was opened). */
  onOpen?(coin: Coin): void;
}

/** One market in a list (DESIGN.md): pair, volume, last price, 24h change pill; opens the coin. */
export function CoinRow({ coin, favorite, onOpen }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const pair = `${coin.base}/${coin.quote}${coin.kind === 'perp' ? ` ${t('market.perp')}` : ''}`;
  const link = (
    <Link
      className={`coin-row ${favorite ? 'coin-row--starred' : ''}`}
      to={`/DetailPage?symbol=${encodeURIComponent(coin.symbol)}`}
      onClick={() => onOpen?.(coin)}
    >
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
      <div className="coin-row__last num">{formatLastPrice(coin.last, coin.price_scale, lang)}</div>
      <div className="coin-row__change">
        <ChangePill value={coin.change_pct} />
      </div>
    </Link>
  );
  if (!favorite) return link;
  // The star is a sibling of the link, not inside it: a button within a link is not operable
  // by keyboard or screen readers.
  return (
    <div className="coin-row-wrap">
      <button
        type="button"
        className={`star-btn ${favorite.on ? 'star-btn--on' : ''}`}
        aria-pressed={favorite.on}
        aria-label={`${favorite.on ? t('market.removeFromFavorites') : t('market.addToFavorites')}: ${pair}`}
        onClick={favorite.toggle}
      >
        {favorite.on ? <StarFill /> : <StarOutline />}
      </button>
      {link}
    </div>
  );
}

export function CoinRowSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className="coin-row coin-row--skeleton" aria-hidden="true">
          <span className="sk sk--w40" />
          <span className="sk sk--w24" />
          <span className="sk sk--pill" />
        </div>
      ))}
    </div>
  );
}
