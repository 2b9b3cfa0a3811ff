import { useTranslation } from 'react-i18next';
import { useStreamStatus } from './hooks.ts';

/** DESIGN.md: a thin banner while live data is down; the screen keeps working on REST polling. */
export function StreamBanner() {
  const { t } = useTranslation();
  const status = useStreamStatus();
  if (status !== 'reconnecting') return null;
  return (
    <div className="network-banner stream-banner" role="status">
      {t('trade.reconnecting')}
    </div>
  );
}
