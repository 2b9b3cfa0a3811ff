import type { PositionModeResult } from '@ex/sdk';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { hasToken } from '../../../lib/storage.ts';
import { usePositionMode, useSetPositionMode } from '../api/position-mode.ts';
import './position-mode.css';
import { showToast } from '../../../lib/toast.ts';

type Mode = PositionModeResult['mode'];

/**
 * Hedge or one-way position mode (ADR 180), in the contract settings sheet. Choosing the other mode
 * asks for a confirmation (it applies to all perpetual markets); while the user has a position, an
 * open order or a waiting stop the server refuses, so the choice is shown locked with the reason.
 */
export function PositionModeSection({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const mode = usePositionMode();
  const save = useSetPositionMode();
  const [pending, setPending] = useState<Mode | null>(null);
  const { refetch } = mode;
  // Whether it can change depends on every order and position: read again each time the sheet opens.
  useEffect(() => {
    if (open) void refetch();
    else setPending(null);
  }, [open, refetch]);
  if (!hasToken(window.localStorage) || mode.data === undefined) return null;
  const { mode: current, can_change: canChange } = mode.data;
  const shown = pending ?? current;
  const label = (m: Mode) => (m === 'hedge' ? t('trade.hedgeMode') : t('trade.oneWayMode'));
  const confirm = () => {
    if (pending === null) return;
    save.mutate(
      { mode: pending },
      {
        onSuccess: () => {
          setPending(null);
          showToast(t('trade.positionModeSaved'), 2000);
        },
        onError: () => setPending(null),
      },
    );
  };
  return (
    <section className="pos-mode" aria-label={t('trade.positionMode')}>
      <TextTabs<Mode>
        label={t('trade.positionMode')}
        value={shown}
        onChange={(m) => setPending(m === current || !canChange ? null : m)}
        options={[
          { value: 'hedge', label: label('hedge') },
          { value: 'one_way', label: label('one_way') },
        ]}
      />
      <p className="muted sheet-hint">{shown === 'hedge' ? t('trade.hedgeHint') : t('trade.oneWayHint')}</p>
      {!canChange && <p className="warn-text sheet-hint">{t('trade.positionModeBusy')}</p>}
      {pending !== null && (
        <div className="pos-mode__confirm" role="alertdialog" aria-label={t('trade.positionMode')}>
          <p>{t('trade.positionModeConfirm', { mode: label(pending) })}</p>
          <div className="pos-mode__buttons">
            <Button size="small" onClick={() => setPending(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="small"
              color="primary"
              loading={save.isPending}
              disabled={save.isPending}
              onClick={confirm}
            >
              {t('trade.positionModeSwitch')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
