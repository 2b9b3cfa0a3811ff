import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { formatDate } from '../../../lib/time.ts';
// The funds screens' tested SVG encoder (checked with zbarimg there); no QR package is declared.
import { QrCode } from '../../funds/components/QrCode.tsx';
import { useInvite } from '../api/community.ts';
import '../community.css';
import { copyText } from '../../../lib/clipboard.ts';
import { showToast } from '../../../lib/toast.ts';

/**
 * The registration link for this app: the server's link names its public origin; in the browser
 * the app's own origin is the one a friend can open, so the path is re-based on it.
 */
function linkFor(code: string): string {
  return `${window.location.origin}/Register?invite=${encodeURIComponent(code)}`;
}

/** /Invite: my code and link (copy, share, QR) and the friends who registered with it. */
export default function Invite() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const invite = useInvite();
  const d = invite.data;
  const copy = async (text: string) => {
    if (await copyText(text)) showToast(t('community.invite.copied'));
  };
  const share = async (link: string, code: string) => {
    const text = t('community.invite.shareText', { code });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('titles.invite'), text, url: link });
        return;
      } catch {
        // Cancelled by the user, or not allowed here: copying is the fallback.
      }
    }
    await copy(`${text} ${link}`);
  };
  return (
    <PageShell title={t('titles.invite')} fallback="/My">
      {invite.isError && !d ? (
        <LoadFailed onRetry={() => void invite.refetch()} />
      ) : invite.isPending || !d ? (
        <div className="cm-skeleton" aria-busy="true" />
      ) : (
        <div className="iv">
          <section className="iv-card">
            <div className="iv-label">{t('community.invite.code')}</div>
            <div className="iv-code-row">
              <span className="iv-code num" data-testid="invite-code">
                {d.code}
              </span>
              <button type="button" className="iv-btn" onClick={() => void copy(d.code)}>
                {t('community.invite.copy')}
              </button>
            </div>
            <div className="iv-qr">
              <QrCode text={linkFor(d.code)} label={t('community.invite.qr')} size={152} />
            </div>
            <div className="iv-label">{t('community.invite.qr')}</div>
            <div className="iv-label iv-label--top">{t('community.invite.link')}</div>
            <div className="iv-link">{linkFor(d.code)}</div>
            <div className="iv-actions">
              <button
                type="button"
                className="iv-btn iv-btn--ghost"
                onClick={() => void copy(linkFor(d.code))}
              >
                {t('community.invite.copy')}
              </button>
              <button
                type="button"
                className="iv-btn iv-btn--primary"
                onClick={() => void share(linkFor(d.code), d.code)}
              >
                {t('community.invite.share')}
              </button>
            </div>
          </section>
          <section className="section" aria-labelledby="iv-friends">
            <div className="section__head">
              <h2 id="iv-friends" className="section__title">
                {t('community.invite.friends')}
              </h2>
              <span className="muted" data-testid="invite-count">
                {t('community.invite.count', { count: d.invited_count })}
              </span>
            </div>
            {d.list.length === 0 ? (
              <EmptyState compact text={t('community.invite.empty')} />
            ) : (
              <ul className="cm-list">
                {d.list.map((f) => (
                  <li key={`${f.account}-${f.created_at}`} className="iv-friend">
                    <span>
                      <span className="iv-friend__name">{f.nickname}</span>
                      {f.nickname !== f.account && <span className="muted">{f.account}</span>}
                    </span>
                    <span className="muted num">{formatDate(f.created_at, lang)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </PageShell>
  );
}
