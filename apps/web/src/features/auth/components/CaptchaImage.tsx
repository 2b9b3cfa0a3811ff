import type { Captcha } from '@ex/sdk';
import { useTranslation } from 'react-i18next';

/** The image captcha beside its input; tapping it fetches a new one. */
export function CaptchaImage({ captcha, onRefresh }: { captcha: Captcha | undefined; onRefresh(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha-btn" onClick={onRefresh} aria-label={t('auth.captchaRefresh')}>
      {captcha ? (
        <img src={captcha.image} alt={t('auth.captcha')} />
      ) : (
        <span className="captcha-btn__empty" />
      )}
    </button>
  );
}
