import type { Coin } from '@ex/sdk';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { formatChangePercent, formatLastPrice } from '../../../lib/format.ts';

/** The three headline markets at the top of home: price coloured by direction, change below. */
export function TickerCards({ coins }: { coins: Coin[] }) {
  const { lang } = useLang();
  return (
    <div className="tickers">
      {coins.map((coin) => {
        const change = formatChangePercent(coin.change_pct, lang);
        return (
          <Link
            key={coin.symbol}
            className="ticker"
            to={`/DetailPage?symbol=${encodeURIComponent(coin.symbol)}`}
          >
            <span className="ticker__pair">
              {coin.base}
              <span className="muted">/{coin.quote}</span>
            </span>
            <span className={`ticker__last num ${change.tone}`}>
              {formatLastPrice(coin.last, coin.price_scale, lang)}
            </span>
            <span className={`ticker__change num ${change.tone}`}>{change.text}</span>
          </Link>
        );
      })}
    </div>
  );
}

export function TickerCardsSkeleton() {
  return (
    <div className="tickers" aria-hidden="true">
      {['a', 'b', 'c'].map((k) => (
        <div key={k} className="ticker ticker--skeleton">
          <span className="sk sk--w40" />
          <span className="sk sk--price" />
          <span className="sk sk--w40" />
        </div>
      ))}
    </div>
  );
}
