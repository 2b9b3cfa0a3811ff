import { useMemo } from 'react';
import { encode } from 'uqr';

/** An otpauth URI as a crisp SVG QR code, encoded in the browser (the secret never leaves it). */
export function QrSvg({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const { path, n } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, n: qr.size };
  }, [text]);
  return (
    <svg
      className="sec-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
