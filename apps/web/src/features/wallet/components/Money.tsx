import { useLang } from '../../../app/lang-context.tsx';
import { formatDecimal, formatSpendable, formatUsdc } from '../../../lib/format.ts';
import { assetDecimals } from '../lib/amount.ts';
import { signOf } from '../lib/decimal.ts';
import { MASK } from '../lib/prefs.ts';

/** A coin amount with that coin's precision (at least 2 decimals), or the mask. */
export function CoinAmount({ value, coin, hidden }: { value: string; coin: string; hidden?: boolean }) {
  const { lang } = useLang();
  if (hidden) return <span className="num">{MASK}</span>;
  return (
    <span className="num">
      {formatDecimal(value, lang, { minFraction: 2, maxFraction: assetDecimals(coin) })}
    </span>
  );
}

/**
 * A USDC value in an overview (2 decimals), or the mask; a missing value is a dash. `spendable`: an
 * available balance, cut towards zero instead of rounded (ADR 222).
 */
export function UsdcValue({
  value,
  hidden,
  spendable,
}: {
  value: string | null;
  hidden?: boolean;
  spendable?: boolean;
}) {
  const { lang } = useLang();
  if (hidden) return <span className="num">{MASK}</span>;
  const format = spendable === true ? formatSpendable : formatUsdc;
  return <span className="num">{format(value ?? undefined, lang)}</span>;
}

/**
 * A signed, coloured amount (ledger entries, PnL): "+12.50" in the up colour, "−3.20" in the down
 * colour, zero grey. The sign carries the meaning too, so colour is never the only signal.
 */
export function SignedAmount({
  value,
  coin,
  hidden,
  decimals,
}: {
  value: string;
  coin: string;
  hidden?: boolean;
  decimals?: number;
}) {
  const { lang } = useLang();
  if (hidden) return <span className="num">{MASK}</span>;
  const sign = signOf(value);
  const max = decimals ?? assetDecimals(coin);
  const text = formatDecimal(value.replace(/^[+-]/, ''), lang, {
    minFraction: Math.min(2, max),
    maxFraction: max,
  });
  const shownZero = !/[1-9]/.test(text);
  const tone = sign === 0 || shownZero ? 'flat' : sign > 0 ? 'up' : 'down';
  const prefix = tone === 'up' ? '+' : tone === 'down' ? '\u2212' : '';
  return (
    <span className={`num ${tone}`}>
      {prefix}
      {text}
    </span>
  );
}
