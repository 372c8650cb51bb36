import { useMemo } from 'react';
import { qrMatrix, qrPath, qrViewBox } from './qr';

/** The QR code of a text, drawn as one SVG path (crisp at any size). */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { path, box } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { path: qrPath(matrix), box: qrViewBox(matrix) };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${box} ${box}`} shapeRendering="crispEdges" className={className}>
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
