import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard.ts';
import { showToast } from '../lib/toast.ts';

/**
 * A button that puts `text` on the clipboard and says in a toast whether it worked. `label` is what
 * it shows ("Copy" when left out); `ariaLabel` names what is copied for a screen reader.
 */
export function CopyButton({
  text,
  label,
  ariaLabel,
  className = 'f-copy',
}: {
  text: string;
  label?: string;
  ariaLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      aria-label={ariaLabel}
      onClick={async () => {
        const ok = await copyText(text);
        showToast(ok ? t('common.copied') : t('common.copyFailed'), 1500, ok ? 'success' : 'fail');
      }}
    >
      {label ?? t('common.copy')}
    </button>
  );
}
