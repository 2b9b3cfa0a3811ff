import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NetworkBanner } from '../../components/NetworkBanner.tsx';
import { useAppConfig } from '../../lib/queries.ts';
import { resolveImageBaseUrl, writeImageBaseUrl } from '../../lib/storage.ts';

/** Per-navigation duties of spec section 2: scroll to the top, store the image base address. */
export function RootLayout() {
  const location = useLocation();
  const config = useAppConfig();
  const configured = config.data?.image_base_url;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    window.scrollTo(0, 0);
    writeImageBaseUrl(window.localStorage, resolveImageBaseUrl(configured, window.location.origin));
  }, [location.key, configured]);

  return (
    <>
      <NetworkBanner />
      <Outlet />
    </>
  );
}
