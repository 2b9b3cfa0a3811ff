/** Spec section 9: the design is drawn for a 375 px wide screen with a 16 px root font. */
export const REFERENCE_WIDTH_PX = 375;
export const BASE_FONT_PX = 16;
/**
 * Clamp of the width that drives the scale (ADR 022): below 320 px text would get unreadable,
 * above 480 px the app is a centred phone column, so the scale stops growing with the window.
 */
export const MIN_WIDTH_PX = 320;
export const MAX_WIDTH_PX = 480;
export const RESIZE_DEBOUNCE_MS = 300;

export function rootFontSizePx(viewportWidthPx: number): number {
  const width = Math.min(MAX_WIDTH_PX, Math.max(MIN_WIDTH_PX, viewportWidthPx || REFERENCE_WIDTH_PX));
  // Two decimals are plenty for a font size and keep the inline style readable.
  return Math.round(((BASE_FONT_PX * width) / REFERENCE_WIDTH_PX) * 100) / 100;
}

interface ScaleTarget {
  innerWidth: number;
  document: { documentElement: { style: { fontSize: string } } };
  addEventListener(type: 'resize' | 'orientationchange', listener: () => void): void;
  removeEventListener(type: 'resize' | 'orientationchange', listener: () => void): void;
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * Sets the root font size now and again 300 ms after the last resize (debounced: a drag of the
 * window edge recalculates once, not on every frame). Returns the unsubscribe function.
 */
export function installFontScaling(win: ScaleTarget): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = `${rootFontSizePx(win.innerWidth)}px`;
  };
  let timer: number | undefined;
  const onResize = () => {
    if (timer !== undefined) win.clearTimeout(timer);
    timer = win.setTimeout(() => {
      timer = undefined;
      apply();
    }, RESIZE_DEBOUNCE_MS);
  };
  apply();
  win.addEventListener('resize', onResize);
  win.addEventListener('orientationchange', onResize);
  return () => {
    if (timer !== undefined) win.clearTimeout(timer);
    win.removeEventListener('resize', onResize);
    win.removeEventListener('orientationchange', onResize);
  };
}
