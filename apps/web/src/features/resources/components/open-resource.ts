import toast from 'react-hot-toast';
import type { Resource } from '@portal/contract';
import { saveBlob } from '@/lib/api/download';
import { countResourceView, fetchResourceBlob } from '@/lib/api/resources';

const fileFailed = 'Could not open the file. Please try again.';

/**
 * Opens a PDF or image in a new tab. The tab is opened at once, inside the click, so no popup
 * blocker stops it; the file (which needs the bearer token) then arrives as a blob URL.
 */
export async function openResourceFile(resource: Resource): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchResourceBlob(resource.id);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else saveBlob(blob, resource.file?.name ?? `${resource.title}.${resource.type === 'pdf' ? 'pdf' : 'png'}`);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    countResourceView(resource.id);
  } catch (error) {
    tab?.close();
    console.warn('Opening a resource file failed', error);
    toast.error(fileFailed);
  }
}

export async function downloadResourceFile(resource: Resource): Promise<void> {
  try {
    const blob = await fetchResourceBlob(resource.id);
    saveBlob(blob, resource.file?.name ?? resource.title);
    countResourceView(resource.id);
  } catch (error) {
    console.warn('Downloading a resource file failed', error);
    toast.error(fileFailed);
  }
}

export function openResourceLink(resource: Resource): void {
  if (!resource.url) return;
  window.open(resource.url, '_blank', 'noopener,noreferrer');
  countResourceView(resource.id);
}
