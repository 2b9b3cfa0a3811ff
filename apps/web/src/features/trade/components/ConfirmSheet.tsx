import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPopup as Popup } from '../../../app/lazy-overlays.tsx';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
  tone?: 'up' | 'down';
}

/**
 * DESIGN.md Confirmations: a bottom sheet restating the order in plain words and numbers before any
 * money moves. The confirm button is disabled while sending (never a double submit).
 */
export function ConfirmSheet({
  open,
  title,
  sentences,
  rows,
  confirmText,
  tone,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  sentences: string[];
  rows: ConfirmRow[];
  confirmText: string;
  tone: 'up' | 'down';
  loading: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet confirm-sheet">
      <div role="dialog" aria-label={title}>
        <h2 className="sheet__title">{title}</h2>
        <div className="confirm-sheet__words">
          {sentences.map((s) => (
            <p key={s}>{s}</p>
          ))}
        </div>
        <dl className="confirm-sheet__rows">
          {rows.map((r) => (
            <div key={r.label} className="kv">
              <dt>{r.label}</dt>
              <dd className={`num ${r.tone ? `tone-${r.tone}` : ''}`}>{r.value}</dd>
            </div>
          ))}
        </dl>
        <div className="confirm-sheet__actions">
          <Button block fill="outline" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            className={`action-btn action-btn--${tone}`}
            loading={loading}
            disabled={loading}
            onClick={onConfirm}
          >
            {confirmText}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
