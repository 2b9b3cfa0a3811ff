import type { Position } from '@ex/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { CoinRowSkeleton } from '../../../components/CoinRow.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { api } from '../../../lib/api.ts';
import { formatChangePercent, formatDecimal, PLACEHOLDER, withUnit } from '../../../lib/format.ts';
import { hasToken } from '../../../lib/storage.ts';
import '../home.css';

/** How many positions Home lists; the futures screen has all of them. */
const MAX_ROWS = 3;

/**
 * The futures screen's positions query (streamKeys.positions, same key and answer, so either screen
 * starts from the other's cache). Not imported from the stream hooks: they would pull the WebSocket
 * client and the depth reducer into Home's chunk (+6 KB gzip against its 35 KB budget).
 */
export const HOME_POSITIONS_KEY = ['contract', 'positions'] as const;

export function useHomePositions(enabled: boolean) {
  return useQuery({
    queryKey: HOME_POSITIONS_KEY,
    queryFn: ({ signal }) => api.contract.positions({ signal }),
    enabled,
    // Unrealised PnL moves with the mark price.
    refetchInterval: 5_000,
  });
}

/** Unrealised PnL in USDC, 2 decimals, signed (true minus) and toned; `--` when unknown. */
function signedUsdc(value: string | undefined, lang: Parameters<typeof formatDecimal>[1]) {
  const text = formatDecimal(value?.replace(/^[+-]/, ''), lang, { minFraction: 2, maxFraction: 2 });
  if (text === PLACEHOLDER) return { text, tone: 'flat' as const };
  // The tone follows what is shown: -0.001 rounds to 0.00, which is neither a gain nor a loss.
  const nonZero = /[1-9]/.test(text);
  const tone = !nonZero ? 'flat' : value?.startsWith('-') ? 'down' : 'up';
  return { text: `${tone === 'down' ? '\u2212' : tone === 'up' ? '+' : ''}${text}`, tone };
}

function PositionRow({ p }: { p: Position }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const base = p.symbol.split('_')[0] ?? p.symbol;
  const pnl = signedUsdc(p.unrealized_pnl, lang);
  const roe = formatChangePercent(p.pnl_rate, lang);
  const tone = p.side === 'long' ? 'up' : 'down';
  return (
    <Link className="home-pos" to={`/ContractOpe?symbol=${encodeURIComponent(p.symbol)}`}>
      <div className="home-pos__pair">
        <div>
          <span className={`home-pos__side home-pos__side--${tone}`}>
            {p.side === 'long' ? t('trade.long') : t('trade.short')}
          </span>{' '}
          <span className="coin-row__base">{base}</span>
          <span className="coin-row__quote">/USDC</span>
        </div>
        <div className="coin-row__vol">
          {p.margin_mode === 'cross' ? t('trade.cross') : t('trade.isolated')} {p.leverage}x
        </div>
      </div>
      <div className="home-pos__pnl">
        <div className={`num home-pos__value home-pos--${pnl.tone}`}>{withUnit(pnl.text, 'USDC')}</div>
        <div className={`num home-pos__roe home-pos--${roe.tone}`}>{roe.text}</div>
      </div>
    </Link>
  );
}

/** Home's "open positions" (spec section 3): the signed-in user's futures positions, live PnL. */
export function HomePositions() {
  const { t } = useTranslation();
  const signedIn = hasToken(window.localStorage);
  const positions = useHomePositions(signedIn);
  if (signedIn && positions.isPending) return <CoinRowSkeleton rows={2} />;
  const list = signedIn ? (positions.data ?? []) : [];
  if (list.length === 0) return <EmptyState compact text={t('home.positionsEmpty')} />;
  return (
    <div>
      {list.slice(0, MAX_ROWS).map((p) => (
        <PositionRow key={p.id} p={p} />
      ))}
    </div>
  );
}
