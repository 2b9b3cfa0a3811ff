import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** Height of the text row, how far to pull before a release refreshes, how long "done" shows. */
const HEAD_PX = 40;
const THRESHOLD_PX = 60;
const COMPLETE_MS = 500;
/** The pull follows the finger less and less (antd-mobile's rubber band, dimension 5 heads). */
export function rubberband(dy: number, dimension = HEAD_PX * 5, constant = 0.5): number {
  return dy <= 0 ? 0 : (dy * dimension * constant) / (dimension + constant * dy);
}

/** True when the touch starts inside something scrolled down: the pull is then a scroll. */
function scrolledDown(target: EventTarget | null): boolean {
  if (window.scrollY > 0) return true;
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
    if (el.scrollTop > 0) return true;
  }
  return false;
}

/**
 * Pull down at the top of a list to refresh it, with the app's own texts in every language. Plain
 * touch events and a CSS transition, behaving like antd-mobile's PullToRefresh (which it replaced)
 * without its animation and gesture libraries (~24 KB gzip) on Home's first load (ADR 091).
 */
export function PullRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The touch handlers are attached once; they read the latest values from here.
  const live = useRef({ status, onRefresh, startY: null as number | null, height: 0 });
  live.current.status = status;
  live.current.onRefresh = onRefresh;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const state = live.current;
    const show = (h: number) => {
      state.height = h;
      setHeight(h);
    };
    const onStart = (e: TouchEvent) => {
      const busy = state.status === 'refreshing' || state.status === 'complete';
      state.startY =
        busy || e.touches.length !== 1 || scrolledDown(e.target) ? null : (e.touches[0]?.clientY ?? null);
    };
    const onMove = (e: TouchEvent) => {
      if (state.startY === null) return;
      const dy = (e.touches[0]?.clientY ?? state.startY) - state.startY;
      if (dy <= 0) {
        show(0);
        return;
      }
      // Not passive, so the page does not scroll (or bounce) while the head is pulled open.
      if (e.cancelable) e.preventDefault();
      setDragging(true);
      const h = rubberband(dy);
      show(h);
      setStatus(h > THRESHOLD_PX ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (state.startY === null) return;
      state.startY = null;
      setDragging(false);
      if (state.height <= THRESHOLD_PX) {
        show(0);
        return;
      }
      show(HEAD_PX);
      setStatus('refreshing');
      void state
        .onRefresh()
        .then(() => {
          setStatus('complete');
          return new Promise((r) => setTimeout(r, COMPLETE_MS));
        })
        .catch(() => {})
        .finally(() => {
          show(0);
          setStatus('pulling');
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = {
    pulling: t('common.pullToRefresh'),
    canRelease: t('common.releaseToRefresh'),
    refreshing: t('common.refreshing'),
    complete: t('common.refreshed'),
  }[status];
  return (
    <div ref={ref}>
      <div
        aria-live="polite"
        style={{
          height,
          overflow: 'hidden',
          position: 'relative',
          transition: dragging ? 'none' : 'height 0.3s ease',
        }}
      >
        <div
          style={{
            position: 'absolute',
            bottom: 0,
            left: 0,
            right: 0,
            height: HEAD_PX,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'var(--text-2)',
            fontSize: '0.75rem',
          }}
        >
          {height > 0 ? text : null}
        </div>
      </div>
      {children}
    </div>
  );
}
