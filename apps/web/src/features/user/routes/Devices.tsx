import { Button, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { formatDateTime } from '../../../lib/time.ts';
import { useLoginHistory, useRevokeSessions, useSessions } from '../api/sessions.ts';
import '../security.css';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { showToast } from '../../../lib/toast.ts';

/** /Devices: where I am logged in (log out one or all others) and my recent logins (ADR 203). */
export default function Devices() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const sessions = useSessions();
  const history = useLoginHistory();
  const revoke = useRevokeSessions();

  const end = async (id: string | undefined) => {
    const ok = await confirmDialog({
      content: id === undefined ? t('security.devices.othersConfirm') : t('security.devices.logoutConfirm'),
      confirmText: <span className="down">{t('security.devices.logout')}</span>,
      cancelText: <span className="dialog-cancel">{t('common.cancel')}</span>,
    });
    if (!ok) return;
    revoke.mutate(id, {
      onSuccess: () => showToast(t('security.devices.done'), 2000, 'success'),
    });
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <PageShell title={t('titles.devices')} fallback="/Setting">
      <List className="link-list" header={t('security.devices.sessions')}>
        {sessions.isPending && <Skeleton.Paragraph lineCount={3} animated />}
        {list.map((s) => (
          <List.Item
            key={s.id}
            description={
              <span className="num">
                {s.ip} · {t('security.devices.lastSeen', { time: formatDateTime(s.last_seen_at, lang) })}
              </span>
            }
            extra={
              s.current ? (
                <span className="status-chip status-chip--up">{t('security.devices.thisDevice')}</span>
              ) : (
                <button type="button" className="btn-ghost" onClick={() => void end(s.id)}>
                  {t('security.devices.logout')}
                </button>
              )
            }
          >
            {s.device}
          </List.Item>
        ))}
      </List>
      {sessions.isError && !sessions.data && <LoadFailed compact onRetry={() => void sessions.refetch()} />}
      {sessions.data && others.length === 0 && <EmptyState compact text={t('security.devices.none')} />}
      {others.length > 0 && (
        <div className="sec-form sec-form--action">
          <Button
            block
            color="danger"
            fill="outline"
            loading={revoke.isPending}
            onClick={() => void end(undefined)}
          >
            {t('security.devices.logoutOthers')}
          </Button>
        </div>
      )}
      <List className="link-list" header={t('security.devices.history')}>
        {(history.data?.list ?? []).map((h) => (
          <List.Item
            key={h.id}
            description={<span className="num">{`${h.ip} · ${formatDateTime(h.created_at, lang)}`}</span>}
            extra={
              h.new_device ? (
                <span className="status-chip status-chip--warn">{t('security.devices.newDevice')}</span>
              ) : null
            }
          >
            {h.device}
          </List.Item>
        ))}
      </List>
    </PageShell>
  );
}
