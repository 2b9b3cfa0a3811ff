import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const RESEND_SECONDS = 60;

/**
 * "Send code" with the 60 s countdown the server enforces (one send per account per minute).
 * `onSend` resolves true when a code went out; only then does the countdown start.
 */
export function SendCodeButton({ onSend }: { onSend(): Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);

  const click = async () => {
    if (sending || left > 0) return;
    setSending(true);
    try {
      if (await onSend()) setLeft(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="code-btn"
      onClick={click}
      disabled={sending || left > 0}
      aria-live="polite"
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}
