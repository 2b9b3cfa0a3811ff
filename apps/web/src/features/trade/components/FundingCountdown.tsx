import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatChangePercent } from '../../../lib/format.ts';
import { useFunding } from '../api/contract.ts';
import { shiftDecimalText } from './shift.ts';

export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Funding rate (signed, coloured) and the time to the next funding, ticking every second. */
export function FundingCountdown({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const funding = useFunding(symbol);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const data = funding.data;
  // The API gives the rate as a fraction ("0.0001" = 0.01 %); the formatter takes percent. No rate
  // yet (no index price, ADR 156) reads "—", not a made-up 0.0000 %.
  const rate = data?.rate ? formatChangePercent(shiftDecimalText(data.rate, 2), lang, 4) : null;
  return (
    <div className="funding">
      <span className="muted">{t('trade.funding')}</span>
      <span className="num">
        <span className={`tone-${rate?.tone ?? 'flat'}`}>{rate?.text ?? (data ? '—' : '--')}</span>
        {' / '}
        {data ? countdown(data.next_funding_time - now) : '--:--:--'}
      </span>
    </div>
  );
}
