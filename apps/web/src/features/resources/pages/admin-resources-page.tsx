import { useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { messages, resourceTypeLabels, type AdminResource } from '@portal/contract';
import { ArrowDownIcon, ArrowUpIcon, BookIcon, GripIcon, PencilIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ResourceThumbnail } from '@/components/resources/resource-thumbnail';
import { adminResourcesQuery, deleteResource, reorderResources, updateResource, useAdminResources } from '../api/admin-resources';
import { ResourceFormDialog } from '../components/resource-form-dialog';
import { QueryError } from '@/components/ui/query-state';

const m = messages.resources;

/** /admin/tutorials: the library as partners will see it, in order, with views of the last 30 days. */
export function AdminResourcesPage() {
  const query = useAdminResources();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminResource | null | 'new'>(null);
  const [deleting, setDeleting] = useState<AdminResource | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [dragId, setDragId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const rows = query.data ?? [];
  const categories = [...new Set(rows.map((r) => r.category))].sort();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'resources'] });
  const setRows = (next: AdminResource[]) => queryClient.setQueryData(adminResourcesQuery().queryKey, next);

  const saveOrder = async (next: AdminResource[], moved: AdminResource) => {
    const before = rows;
    setRows(next);
    setAnnouncement(`${moved.title} moved to position ${next.findIndex((r) => r.id === moved.id) + 1} of ${next.length}`);
    try {
      setRows(await reorderResources(next.map((r) => r.id)));
    } catch {
      setRows(before);
      toast.error(m.reorderFailed);
    }
  };

  const move = (index: number, to: number) => {
    if (to < 0 || to >= rows.length || to === index) return;
    const next = [...rows];
    const [item] = next.splice(index, 1);
    next.splice(to, 0, item!);
    void saveOrder(next, item!);
  };

  const togglePublished = async (resource: AdminResource) => {
    try {
      await updateResource(resource.id, { published: !resource.published });
      toast.success(m.updated);
      await refresh();
    } catch {
      toast.error(m.updateFailed);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await deleteResource(deleting.id);
      toast.success(m.deleted);
      setDeleting(null);
      await refresh();
    } catch {
      toast.error(m.deleteFailed);
    } finally {
      setIsDeleting(false);
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = rows.findIndex((r) => r.id === dragId);
    setDragId(null);
    if (from >= 0) move(from, index);
  };

  return (
    <>
      <PageHeader
        title="Resources"
        description="Videos, PDFs, images and links for partners. Drag rows, or use the arrows, to set the order partners see."
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" />
            Add resource
          </Button>
        }
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {query.isError ? (
        <QueryError query={query} title="Failed to load resources." retryLabel="Retry" />
      ) : query.isPending ? (
        <div role="status" aria-label="Loading resources" className="h-64 animate-pulse rounded-xl bg-slate-200/70" />
      ) : rows.length === 0 ? (
        <EmptyState icon={<BookIcon className="size-6" />} title="No resources yet">
          Add a video, a PDF, an image or a link; publish it when it is ready for partners.
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <table className="block w-full text-left text-sm md:table">
            <caption className="sr-only">Resources in the order partners see them</caption>
            <thead className="hidden bg-slate-50 text-xs font-medium text-slate-600 md:table-header-group">
              <tr>
                <th scope="col" className="w-24 px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Resource
                </th>
                <th scope="col" className="px-3 py-2">
                  Type
                </th>
                <th scope="col" className="px-3 py-2">
                  Category
                </th>
                <th scope="col" className="px-3 py-2">
                  Published
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Views (30 days)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 md:table-row-group">
              {rows.map((resource, index) => (
                <tr
                  key={resource.id}
                  draggable
                  onDragStart={(event) => {
                    setDragId(resource.id);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(resource.id));
                  }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, index)}
                  onDragEnd={() => setDragId(null)}
                  className={cn(
                    'flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 p-3 md:table-row md:p-0',
                    dragId === resource.id && 'opacity-50',
                  )}
                >
                  <td className="md:px-3 md:py-2">
                    <div className="flex items-center gap-1">
                      <GripIcon className="size-4 cursor-grab text-slate-400" aria-hidden="true" />
                      <button
                        type="button"
                        aria-label={`Move ${resource.title} up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <ArrowUpIcon className="size-4" />
                      </button>
                      <button
                        type="button"
                        aria-label={`Move ${resource.title} down`}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, index + 1)}
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
                      onClick={() => void togglePublished(resource)}
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
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEditing(resource)}
                        aria-label={`Edit ${resource.title}`}
                      >
                        <PencilIcon className="size-4" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setDeleting(resource)}
                        aria-label={`Delete ${resource.title}`}
                      >
                        <TrashIcon className="size-4 text-red-600" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing !== null && (
        <ResourceFormDialog
          open
          resource={editing === 'new' ? null : editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete resource"
        message={m.confirmDelete}
        confirmLabel="Delete"
        tone="danger"
        isPending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
