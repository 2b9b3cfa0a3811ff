import type { Coin } from '@ex/sdk';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { ChangePill } from '../../../components/ChangePill.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatLastPrice } from '../../../lib/format.ts';
import { pickRecommended } from '../lib/recommend.ts';
import '../home.css';

/**
 * Home's recommended coins (ADR 241): up to three markets picked by a rule from the tickers Home
 * already has, each labelled with its reason; a tap opens the coin like a market row.
 * `coins` undefined while the markets load (skeleton cards).
 */
export function Recommended({ coins }: { coins: Coin[] | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const picks = useMemo(() => (coins ? pickRecommended(coins) : []), [coins]);
  if (!coins) return <RecommendedSkeleton />;
  if (picks.length === 0) return <EmptyState compact kind="star" text={t('home.recommendedEmpty')} />;
  return (
    <ul className="rec-list">
      {picks.map(({ coin, reason }) => (
        <li key={coin.symbol}>
          <Link className="rec-card" to={`/DetailPage?symbol=${encodeURIComponent(coin.symbol)}`}>
            <span className="rec-card__main">
              <span className="rec-card__reason">{t(`home.reason.${reason}`)}</span>
              <span className="rec-card__pair">
                <span className="rec-card__base">{coin.base}</span>
                <span className="rec-card__quote">/{coin.quote}</span>
                {coin.kind === 'perp' && <span className="tag">{t('market.perp')}</span>}
              </span>
            </span>
            <span className="rec-card__last num">{formatLastPrice(coin.last, coin.price_scale, lang)}</span>
            <ChangePill value={coin.change_pct} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RecommendedSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="rec-list" role="status" aria-label={t('common.loading')}>
      {['a', 'b', 'c'].map((k) => (
        <div key={k} className="rec-card rec-card--skeleton" aria-hidden="true">
          <span className="rec-card__main">
            <span className="sk sk--w24" />
            <span className="sk sk--w40" />
          </span>
          <span className="sk sk--w24" />
          <span className="sk sk--pill" />
        </div>
      ))}
    </div>
  );
}
