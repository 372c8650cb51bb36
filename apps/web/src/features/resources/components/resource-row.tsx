import type { DragEvent } from 'react';
import { resourceTypeLabels, type AdminResource } from '@portal/contract';
import { ArrowDownIcon, ArrowUpIcon, GripIcon, PencilIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ResourceThumbnail } from '@/components/resources/resource-thumbnail';

interface ResourceRowProps {
  resource: AdminResource;
  index: number;
  count: number;
  isDragged: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent) => void;
  /** Moves the resource to another position (the arrows). */
  onMove: (to: number) => void;
  onTogglePublished: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One resource of the admin library: drag handle and arrows, what partners see, the published switch, views and actions. */
export function ResourceRow({
  resource,
  index,
  count,
  isDragged,
  onDragStart,
  onDragEnd,
  onDrop,
  onMove,
  onTogglePublished,
  onEdit,
  onDelete,
}: ResourceRowProps) {
  return (
    <tr
      draggable
      onDragStart={(event) => {
        onDragStart();
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(resource.id));
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
      className={cn('flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 p-3 md:table-row md:p-0', isDragged && 'opacity-50')}
    >
      <td className="md:px-3 md:py-2">
        <div className="flex items-center gap-1">
          <GripIcon className="size-4 cursor-grab text-slate-400" aria-hidden="true" />
          <button
            type="button"
            aria-label={`Move ${resource.title} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ArrowUpIcon className="size-4" />
          </button>
          <button
            type="button"
            aria-label={`Move ${resource.title} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ArrowDownIcon className="size-4" />
          </button>
        </div>
      </td>
      <td className="w-full min-w-0 overflow-hidden md:w-auto md:px-3 md:py-2">
        <div className="flex items-center gap-3">
          <ResourceThumbnail resource={resource} className="w-20 shrink-0 rounded-md" />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{resource.title}</p>
            {resource.featured && <p className="text-xs text-amber-700">Featured</p>}
          </div>
        </div>
      </td>
      <td className="text-slate-700 md:px-3 md:py-2">{resourceTypeLabels[resource.type]}</td>
      <td className="text-slate-700 md:px-3 md:py-2">{resource.category}</td>
      <td className="md:px-3 md:py-2">
        <button
          type="button"
          role="switch"
          aria-checked={resource.published}
          aria-label={`Published: ${resource.title}`}
          onClick={onTogglePublished}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            resource.published ? 'bg-brand-600' : 'bg-slate-300',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              resource.published ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </td>
      <td className="tabular-nums text-slate-700 md:px-3 md:py-2 md:text-right">
        <span className="md:hidden">Views (30 days): </span>
        {resource.views_30d}
      </td>
      <td className="ml-auto md:px-3 md:py-2">
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${resource.title}`}>
            <PencilIcon className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${resource.title}`}>
            <TrashIcon className="size-4 text-red-600" />
          </Button>
        </div>
      </td>
    </tr>
  );
}
