import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** DESIGN.md: network loss shows a thin banner. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="network-banner" role="status">
      {t('common.offline')}
    </div>
  );
}
