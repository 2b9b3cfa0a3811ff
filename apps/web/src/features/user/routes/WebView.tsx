import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { useAppConfig } from '../../../lib/queries.ts';
import { resolveWebViewTarget } from '../lib/webview.ts';
import '../security.css';

function openInBrowser(url: string) {
  // A new browsing context without a way back into the app's window.
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * /WebView?url=...&title=... (or ?type=support): a page inside the app with a title bar, a loading
 * bar and "open in browser". Only the app's own origin and the configured hosts are framed
 * (ADR 201); the frame is sandboxed without top navigation, so it cannot take the app away.
 */
export default function WebView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useAppConfig();
  const [loadedUrl, setLoadedUrl] = useState<string>();
  const target = resolveWebViewTarget(params, window.location.origin, config.data?.webview_hosts ?? []);
  const title =
    params.get('title')?.slice(0, 60) ||
    (params.get('type') === 'support'
      ? t('home.shortcuts.support')
      : target.kind === 'missing'
        ? t('titles.webView')
        : new URL(target.url).host);
  const url = target.kind === 'missing' ? undefined : target.url;
  // Until the config arrives an allowed host would look blocked for a moment: wait for it.
  const waiting = config.isPending && target.kind === 'blocked';

  return (
    <PageShell
      title={title}
      className="webview"
      right={
        url ? (
          <button
            type="button"
            className="icon-btn"
            onClick={() => openInBrowser(url)}
            aria-label={t('security.web.openInBrowser')}
            title={t('security.web.openInBrowser')}
          >
            <GlobalOutline fontSize={20} />
          </button>
        ) : null
      }
    >
      {target.kind === 'frame' && (
        <>
          {loadedUrl !== target.url && (
            <div className="webview__bar" role="progressbar" aria-label={t('security.web.loading')} />
          )}
          <iframe
            className="webview__frame"
            src={target.url}
            title={title}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            onLoad={() => setLoadedUrl(target.url)}
          />
        </>
      )}
      {target.kind === 'blocked' && !waiting && (
        <EmptyState
          text={t('security.web.notAllowed')}
          action={
            <div className="webview__blocked">
              <p className="num muted">{target.url}</p>
              <button type="button" className="btn-ghost" onClick={() => openInBrowser(target.url)}>
                {t('security.web.openInBrowser')}
              </button>
            </div>
          }
        />
      )}
      {target.kind === 'missing' && <EmptyState text={t('security.web.missing')} />}
    </PageShell>
  );
}
