import { useMemo } from 'react';
import { encode } from 'uqr';
import './qr-code.css';

/** A QR code as inline SVG (one path), drawn locally from the text: no network, no inline style. */
export function QrCode({ value, size = 120, label }: { value: string; size?: number; label: string }) {
  const { path, dimension } = useMemo(() => {
    const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((on, x) => {
        if (on) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, dimension: modules };
  }, [value]);
  return (
    <svg
      className="qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#1c1917" />
    </svg>
  );
}
