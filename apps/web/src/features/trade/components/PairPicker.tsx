import type { Coin } from '@ex/sdk';
import { DownFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { LazyPopup as Popup, LazySearchBar as SearchBar } from '../../../app/lazy-overlays.tsx';
import { ChangePill } from '../../../components/ChangePill.tsx';
import { formatLastPrice } from '../../../lib/format.ts';
import { pairLabel } from '../market.ts';

/** The pair headline of a trade screen; tapping opens a searchable sheet of the markets. */
export function PairPicker({
  market,
  markets,
  onSelect,
  perp,
}: {
  market: Coin;
  markets: Coin[];
  onSelect(symbol: string): void;
  perp?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const list = useMemo(() => {
    const q = query.trim().toUpperCase();
    return q ? markets.filter((m) => m.base.includes(q) || m.symbol.includes(q)) : markets;
  }, [markets, query]);
  return (
    <>
      <button type="button" className="pair-btn" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className="pair-btn__name">
          {pairLabel(market)}
          {perp && <span className="tag">{t('market.perp')}</span>}
        </span>
        <DownFill fontSize={10} aria-hidden="true" />
        <ChangePill value={market.change_pct} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="left"
        bodyClassName="pair-sheet"
      >
        <div role="dialog" aria-label={t('trade.selectPair')}>
          <h2 className="sheet__title pair-sheet__title">{t('trade.selectPair')}</h2>
          <div className="pair-sheet__search">
            <SearchBar placeholder={t('trade.searchPair')} value={query} onChange={setQuery} />
          </div>
          <ul className="pair-sheet__list">
            {list.map((m) => (
              <li key={m.symbol}>
                <button
                  type="button"
                  className={`pair-row ${m.symbol === market.symbol ? 'pair-row--active' : ''}`}
                  onClick={() => {
                    onSelect(m.symbol);
                    setOpen(false);
                    setQuery('');
                  }}
                >
                  <span>
                    <b>{m.base}</b>
                    <span className="coin-row__quote">/{m.quote}</span>
                  </span>
                  <span className="num">{formatLastPrice(m.last, m.price_scale, lang)}</span>
                  <ChangePill value={m.change_pct} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Popup>
    </>
  );
}
