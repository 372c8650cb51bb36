import qrcode from 'qrcode-generator';

export interface QrMatrix {
  size: number;
  isDark: (row: number, col: number) => boolean;
}

/** The QR matrix of a text (error correction M: survives a smudge, stays scannable when printed small). */
export function qrMatrix(text: string): QrMatrix {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return { size: qr.getModuleCount(), isDark: (row, col) => qr.isDark(row, col) };
}

const quietZone = 4;

/**
 * One SVG path of the dark modules, in module units, with the standard 4-module quiet zone. Each run
 * of dark modules in a row is one rectangle, so neighbours share no edge a renderer could leave a seam on.
 */
export function qrPath(matrix: QrMatrix): string {
  let d = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.isDark(row, col)) continue;
      let run = 1;
      while (col + run < matrix.size && matrix.isDark(row, col + run)) run++;
      d += `M${col + quietZone},${row + quietZone}h${run}v1h-${run}z`;
      col += run - 1;
    }
  }
  return d;
}

export const qrViewBox = (matrix: QrMatrix) => matrix.size + quietZone * 2;

/**
 * The QR code as a standalone SVG document: the SVG namespace, a pixel size, and an opaque white
 * background sized in user units (not `100%`), so any renderer draws dark modules on white.
 */
export function qrSvg(text: string): string {
  const matrix = qrMatrix(text);
  const box = qrViewBox(matrix);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" width="${box * 8}" height="${box * 8}" shape-rendering="crispEdges">` +
    `<rect x="0" y="0" width="${box}" height="${box}" fill="#ffffff"/><path fill="#000000" d="${qrPath(matrix)}"/></svg>`
  );
}

/** A PNG of the QR code, about 1024 pixels wide: large enough for print. */
export function qrPng(text: string): Promise<Blob> {
  const matrix = qrMatrix(text);
  const box = qrViewBox(matrix);
  const scale = Math.max(4, Math.floor(1024 / box));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = box * scale;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas is not available'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.isDark(row, col)) context.fillRect((col + quietZone) * scale, (row + quietZone) * scale, scale, scale);
    }
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}
