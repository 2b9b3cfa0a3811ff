/**
 * The square avatar crop as numbers, apart from the canvas so it can be tested: the image is
 * scaled to cover the square viewport at zoom 1, then zoomed and moved; the offset is clamped so
 * the viewport never shows anything outside the image.
 */
export interface CropState {
  zoom: number;
  /** Offset of the image centre from the viewport centre, in viewport pixels. */
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** Pixels of the uploaded square: enough for a sharp avatar, small enough to upload fast. */
export const OUTPUT_PX = 256;

export function coverScale(imgW: number, imgH: number, viewport: number): number {
  return viewport / Math.min(imgW, imgH);
}

export function clampCrop(s: CropState, imgW: number, imgH: number, viewport: number): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, s.zoom));
  const scale = coverScale(imgW, imgH, viewport) * zoom;
  const maxX = Math.max(0, (imgW * scale - viewport) / 2);
  const maxY = Math.max(0, (imgH * scale - viewport) / 2);
  return { zoom, x: Math.min(maxX, Math.max(-maxX, s.x)), y: Math.min(maxY, Math.max(-maxY, s.y)) };
}

/** The part of the source image the viewport shows: `[sx, sy, side]` in image pixels. */
export function sourceRect(
  s: CropState,
  imgW: number,
  imgH: number,
  viewport: number,
): [number, number, number] {
  const c = clampCrop(s, imgW, imgH, viewport);
  const scale = coverScale(imgW, imgH, viewport) * c.zoom;
  const side = viewport / scale;
  const sx = imgW / 2 - c.x / scale - side / 2;
  const sy = imgH / 2 - c.y / scale - side / 2;
  return [sx, sy, side];
}
