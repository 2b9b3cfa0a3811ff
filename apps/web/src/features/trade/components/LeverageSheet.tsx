import type { Coin } from '@ex/sdk';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { hasToken } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLeverages, useSetLeverage } from '../api/contract.ts';
import type { MarginMode } from '../form.ts';
import { PositionModeSection } from './PositionModeSection.tsx';

/** The leverage and margin-mode chip at the top of the contract screen, and its sheet. */
export function LeverageChip({
  market,
  leverage,
  mode,
  onChange,
}: {
  market: Coin;
  leverage: number;
  mode: MarginMode;
  onChange(leverage: number, mode: MarginMode): void;
}) {
  const { t } = useTranslation();
  const leverages = useLeverages();
  const [open, setOpen] = useState(false);
  const [draftMode, setDraftMode] = useState<MarginMode>(mode);
  const [draftLev, setDraftLev] = useState(leverage);
  const save = useSetLeverage();
  const values = leverages.data?.by_symbol[market.symbol] ?? leverages.data?.values ?? [1, 2, 3, 5, 10, 20];
  const show = () => {
    setDraftMode(mode);
    setDraftLev(leverage);
    setOpen(true);
  };
  const submit = () => {
    const done = () => {
      onChange(draftLev, draftMode);
      setOpen(false);
      showToast(t('trade.leverageSaved'), 2000);
    };
    if (!hasToken(window.localStorage)) return done();
    save.mutate({ symbol: market.symbol, leverage: draftLev, margin_mode: draftMode }, { onSuccess: done });
  };
  return (
    <>
      <div className="lev-chips">
        <button type="button" className="lev-chip" onClick={show} aria-haspopup="dialog">
          {mode === 'cross' ? t('trade.cross') : t('trade.isolated')}
        </button>
        <button
          type="button"
          className="lev-chip"
          onClick={show}
          aria-haspopup="dialog"
          aria-label={`${t('trade.leverage')} ${leverage}x`}
        >
          {leverage}x
        </button>
      </div>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet confirm-sheet"
      >
        <div role="dialog" aria-label={t('trade.adjustLeverage')}>
          <h2 className="sheet__title">{t('trade.adjustLeverage')}</h2>
          <PositionModeSection open={open} />
          <TextTabs<MarginMode>
            label={t('trade.marginMode')}
            value={draftMode}
            onChange={setDraftMode}
            options={[
              { value: 'cross', label: t('trade.cross') },
              { value: 'isolated', label: t('trade.isolated') },
            ]}
          />
          <p className="muted sheet-hint">
            {draftMode === 'cross' ? t('trade.crossHint') : t('trade.isolatedHint')}
          </p>
          <div className="lev-big num">{draftLev}x</div>
          <div className="lev-grid">
            {values.map((v) => (
              <button
                key={v}
                type="button"
                className={`lev-opt num ${v === draftLev ? 'is-on' : ''}`}
                aria-pressed={v === draftLev}
                onClick={() => setDraftLev(v)}
              >
                {v}x
              </button>
            ))}
          </div>
          <p className="warn-text sheet-hint">{t('trade.leverageHint')}</p>
          <Button block color="primary" loading={save.isPending} disabled={save.isPending} onClick={submit}>
            {t('common.confirm')}
          </Button>
        </div>
      </Popup>
    </>
  );
}
