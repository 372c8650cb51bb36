import { useState } from 'react';
import type { Resource } from '@portal/contract';
import { FileTextIcon, ImageIcon, LinkIcon, PlayIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';

const placeholders = {
  video: { Icon: PlayIcon, tone: 'from-sky-100 to-brand-100 text-brand-700' },
  pdf: { Icon: FileTextIcon, tone: 'from-rose-50 to-red-100 text-red-700' },
  image: { Icon: ImageIcon, tone: 'from-emerald-50 to-emerald-100 text-emerald-700' },
  link: { Icon: LinkIcon, tone: 'from-slate-100 to-slate-200 text-slate-600' },
} as const;

/** 16:9: the video's own thumbnail where the host gives one, else a tile by type. */
export function ResourceThumbnail({
  resource,
  className,
}: {
  resource: Pick<Resource, 'type' | 'thumbnail_url'>;
  className?: string;
}) {
  const { Icon, tone } = placeholders[resource.type];
  // A thumbnail that cannot load (offline, blocked, removed video) falls back to the tile.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const thumbnail = resource.thumbnail_url && resource.thumbnail_url !== failedUrl ? resource.thumbnail_url : null;
  return (
    <div className={cn('relative aspect-video overflow-hidden bg-gradient-to-br', tone, className)}>
      {thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(thumbnail)}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center">
          <Icon className="size-8" />
        </div>
      )}
      {resource.type === 'video' && thumbnail && (
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-black/60 text-white">
            <PlayIcon className="size-5" />
          </span>
        </span>
      )}
    </div>
  );
}
