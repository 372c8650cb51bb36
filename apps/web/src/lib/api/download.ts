import axios from 'axios';
import { api } from './client';

/** The file name the server suggests in Content-Disposition, if any. */
function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a file that needs the bearer token (a plain link cannot send it): fetched as a blob
 * through the app's client (so a 401 still signs out), then saved under the server's file name.
 */
export async function downloadFile(
  path: string,
  params: Record<string, string | undefined>,
  fallbackName: string,
): Promise<void> {
  const response = await api.get<Blob>(path, { params, responseType: 'blob', timeout: 0 });
  saveBlob(response.data, fileNameOf(response.headers['content-disposition'], fallbackName));
}

/**
 * The same for a file made from a posted body (a proposal PDF). An error answer arrives as a Blob
 * too; it is read back into the usual `{ status, message, errors }` so getServerMessage works.
 */
export async function downloadPostedFile(path: string, body: unknown, fallbackName: string): Promise<void> {
  try {
    const response = await api.post<Blob>(path, body, { responseType: 'blob' });
    saveBlob(response.data, fileNameOf(response.headers['content-disposition'], fallbackName));
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text()) as unknown;
      } catch {
        error.response.data = {};
      }
    }
    throw error;
  }
}

/** Saves a blob under a file name through a temporary link (a download, a QR code, recovery codes). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
