import { resourceNewForMs, resourceTypeLabels, type Resource } from '@portal/contract';
import { DownloadIcon, ExternalLinkIcon, PlayIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ResourceThumbnail } from './resource-thumbnail';

export const isNewResource = (resource: Pick<Resource, 'published_at'>, now = Date.now()) =>
  resource.published_at !== null && now - new Date(resource.published_at).getTime() < resourceNewForMs;

const actionLabels = { video: 'Watch', pdf: 'Open PDF', image: 'Open image', link: 'Open link' } as const;

interface ResourceCardProps {
  resource: Resource;
  onOpen?: (resource: Resource) => void;
  onDownload?: (resource: Resource) => void;
  /** The admin's live preview: same card, actions inert. */
  isPreview?: boolean;
  className?: string;
}

export function ResourceCard({ resource, onOpen, onDownload, isPreview = false, className }: ResourceCardProps) {
  const Icon = resource.type === 'video' ? PlayIcon : ExternalLinkIcon;
  return (
    <Card className={cn('flex flex-col overflow-hidden', className)}>
      <article aria-label={resource.title} className="flex flex-1 flex-col">
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="block"
          onClick={() => !isPreview && onOpen?.(resource)}
          disabled={isPreview}
        >
          <ResourceThumbnail resource={resource} />
        </button>
        <div className="flex flex-1 flex-col p-4">
          <div className="mb-2 flex flex-wrap items-center gap-1.5">
            <Badge tone="slate">{resourceTypeLabels[resource.type]}</Badge>
            <span className="text-xs text-slate-500">{resource.category}</span>
            {isNewResource(resource) && <Badge tone="green">New</Badge>}
            {resource.featured && <Badge tone="amber">Featured</Badge>}
          </div>
          <h3 className="text-sm font-semibold text-slate-900">{resource.title || 'Untitled resource'}</h3>
          {resource.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{resource.description}</p>}
          <div className="mt-auto flex flex-wrap gap-2 pt-4">
            <Button
              size="sm"
              onClick={() => onOpen?.(resource)}
              disabled={isPreview}
              aria-label={`${actionLabels[resource.type]}: ${resource.title}`}
            >
              <Icon className="size-4" />
              {actionLabels[resource.type]}
            </Button>
            {(resource.type === 'pdf' || resource.type === 'image') && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onDownload?.(resource)}
                disabled={isPreview}
                aria-label={`Download: ${resource.title}`}
              >
                <DownloadIcon className="size-4" />
                Download
              </Button>
            )}
          </div>
        </div>
      </article>
    </Card>
  );
}
