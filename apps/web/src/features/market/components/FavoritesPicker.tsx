import type { Coin } from '@ex/sdk';
import { Button, CheckList, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  coins: readonly Coin[];
  selected: readonly string[];
  onClose(): void;
  onSave(symbols: string[]): void;
}

/** The watchlist "add" sheet: every market with a check, saved in one go. */
export function FavoritesPicker({ open, coins, selected, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([...selected]);
  // Start from the saved list each time the sheet opens, so Cancel really cancels.
  useEffect(() => {
    if (open) setPicked([...selected]);
  }, [open, selected]);

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80dvh' }}
    >
      <div className="sheet picker" role="dialog" aria-label={t('market.pickFavorites')}>
        <div className="sheet__title">{t('market.pickFavorites')}</div>
        <div className="picker__list">
          <CheckList multiple value={picked} onChange={(v) => setPicked(v.map(String))}>
            {coins.map((c) => (
              <CheckList.Item key={c.symbol} value={c.symbol}>
                <span className="coin-row__base">{c.base}</span>
                <span className="coin-row__quote">/{c.quote}</span>
                {c.kind === 'perp' && <span className="tag">{t('market.perp')}</span>}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
        <div className="picker__actions">
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            onClick={() => {
              // Keep the user's earlier order; newly ticked pairs go to the end.
              const kept = selected.filter((s) => picked.includes(s));
              onSave([...kept, ...picked.filter((s) => !kept.includes(s))]);
            }}
          >
            {t('market.saveFavorites', { count: picked.length })}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
