import { useMemo } from 'react';
import { qrMatrix, qrPath, qrViewBox } from './qr';

/** The QR code of a text, drawn as one SVG path (crisp at any size); the same drawing as the SVG download. */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { path, box } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { path: qrPath(matrix), box: qrViewBox(matrix) };
  }, [text]);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect x="0" y="0" width={box} height={box} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
