import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';

/**
 * A list or page whose request failed: says so and offers the retry. Without it a failed load
 * looked like an empty list ("Keine gespeicherten Adressen") or a skeleton that never ended.
 */
export function LoadFailed({
  onRetry,
  text,
  compact,
}: {
  onRetry(): void;
  text?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      compact={compact}
      text={text ?? t('common.loadFailed')}
      action={
        <button type="button" className="btn-ghost" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
