import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatPercent } from '../../../lib/format.ts';

const STOPS = [0, 25, 50, 75, 100] as const;

/** 0/25/50/75/100 % of the available balance (DESIGN.md): five 44 px stops on a track. */
export function PercentSlider({
  value,
  onChange,
  tone,
  disabled,
}: {
  value: number;
  onChange(percent: number): void;
  tone: 'up' | 'down';
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <fieldset className={`pct pct--${tone}`}>
      <legend className="sr-only">{t('trade.available')}</legend>
      <div className="pct__track" aria-hidden="true">
        <div className="pct__fill" style={{ width: `${value}%` }} />
      </div>
      {STOPS.map((p) => (
        <button
          key={p}
          type="button"
          className={`pct__stop ${value >= p ? 'pct__stop--on' : ''}`}
          aria-label={t('trade.percentOf', { percent: formatPercent(p, lang) })}
          aria-pressed={value === p}
          disabled={disabled}
          onClick={() => onChange(p)}
        >
          <span className="pct__dot" />
          <span className="pct__label num">{formatPercent(p, lang)}</span>
        </button>
      ))}
    </fieldset>
  );
}
