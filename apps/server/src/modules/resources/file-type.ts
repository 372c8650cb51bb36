/** The file types a resource may hold, recognised from their first bytes (never from name or header). */
export type DetectedFile =
  | { kind: 'pdf'; mime: 'application/pdf'; extension: 'pdf' }
  | { kind: 'image'; mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; extension: 'png' | 'jpg' | 'gif' | 'webp' };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** PDF, PNG, JPEG, GIF or WebP by magic number; null for anything else (SVG included: it can script). */
export function detectFileType(bytes: Uint8Array): DetectedFile | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { kind: 'pdf', mime: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { kind: 'image', mime: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { kind: 'image', mime: 'image/webp', extension: 'webp' };
  return null;
}

/** A download name: the uploaded name's stem, tamed, with the extension of what the bytes are. */
export function downloadName(uploaded: string | undefined, extension: string): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"\\;]/g, '')
    .trim()
    .slice(0, 100);
  return `${stem || 'resource'}.${extension}`;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
