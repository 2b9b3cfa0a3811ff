/**
 * Runs work that the first screen does not need (the update check, antd's render adapter) once the
 * page has loaded and the main thread is idle, so it competes neither with the first paint nor with
 * the first screen's own code on a slow phone (issue 11, ADR 091). `delayMs` waits that much
 * longer after `load`.
 */
export function afterFirstPaint(work: () => void, delayMs = 0): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(() => !cancelled && work(), { timeout: 2000 });
    } else timer = setTimeout(() => !cancelled && work(), 0);
  };
  const onLoad = () => {
    timer = setTimeout(run, delayMs);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onLoad);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
  };
}
