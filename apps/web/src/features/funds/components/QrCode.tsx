import { useMemo } from 'react';
import { encodeQr, qrPath } from '../lib/qr.ts';

/** A crisp SVG QR code (dark modules on white, 4-module quiet zone) that scales to its box. */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const m = useMemo(() => encodeQr(text), [text]);
  const n = m.size + 8;
  return (
    <svg
      className="f-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#ffffff" />
      <path d={qrPath(m)} fill="#000000" />
    </svg>
  );
}
