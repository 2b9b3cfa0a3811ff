import type { ContractOrderRequest } from '@ex/sdk';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

export type Stp = NonNullable<ContractOrderRequest['stp']>;

const OPTIONS: readonly { value: Stp; key: 'stpNewest' | 'stpOldest' | 'stpBoth' | 'stpNone' }[] = [
  { value: 'cancel_newest', key: 'stpNewest' },
  { value: 'cancel_oldest', key: 'stpOldest' },
  { value: 'cancel_both', key: 'stpBoth' },
  { value: 'none', key: 'stpNone' },
];

/**
 * The self-trade prevention choice of the futures order form. Its column is about 85 px wide at
 * 375 px, where a native select cut its value to "Cancel n…" / "Neuen s…" and the label ran into
 * the order book. The native select stays (the phone's own picker lists the full texts, keyboard
 * and screen readers work as before, named by the full "Self-trade prevention"), but it is
 * transparent over a box that shows the chosen text on up to two lines, under a short label.
 */
export function StpSelect({ value, onChange }: { value: Stp; onChange(v: Stp): void }) {
  const { t } = useTranslation();
  const chosen = OPTIONS.find((o) => o.value === value) ?? OPTIONS[0];
  return (
    <label className="tform__select stp-select">
      <span className="muted small stp-select__label" aria-hidden="true">
        {t('trade.stpShort')}
      </span>
      <span className="stp-select__box">
        <span className="stp-select__value" aria-hidden="true">
          {chosen && t(`trade.${chosen.key}`)}
        </span>
        <DownOutline className="stp-select__arrow" aria-hidden="true" />
        <select
          name="stp"
          aria-label={t('trade.stp')}
          value={value}
          onChange={(e) => onChange(e.target.value as Stp)}
        >
          {OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(`trade.${o.key}`)}
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}
