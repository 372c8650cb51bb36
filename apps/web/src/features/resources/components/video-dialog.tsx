import type { Resource } from '@portal/contract';
import { Dialog } from '@/components/ui/dialog';

/** The embedded player, from the privacy-enhanced host; mounted only while open. */
export function VideoDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  return (
    <Dialog
      open={resource !== null}
      onClose={onClose}
      title={resource?.title ?? ''}
      className="sm:max-w-3xl"
      description={resource?.description || undefined}
    >
      {resource?.embed_url && (
        <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
          <iframe
            src={resource.embed_url}
            title={resource.title}
            className="size-full"
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
    </Dialog>
  );
}
