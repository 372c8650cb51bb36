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
export async function downloadFile(path: string, params: Record<string, string | undefined>, fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(path, { params, responseType: 'blob', timeout: 0 });
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers['content-disposition'], fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
