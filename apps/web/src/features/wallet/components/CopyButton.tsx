import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older WebViews: a hidden textarea and execCommand still work there.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A small "Copy" button that puts `text` on the clipboard and says whether it worked. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="w-copy"
      aria-label={label}
      onClick={async () => {
        const ok = await copyText(text);
        showToast(
          ok ? t('wallet.ledger.copied') : t('wallet.ledger.copyFailed'),
          1500,
          ok ? 'success' : 'fail',
        );
      }}
    >
      {t('wallet.ledger.copy')}
    </button>
  );
}
