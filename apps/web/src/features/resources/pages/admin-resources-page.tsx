import { useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { messages, type AdminResource } from '@portal/contract';
import { BookIcon, PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { deleteResource } from '../api/delete-resource';
import { adminResourcesQuery, useAdminResources } from '../api/get-admin-resources';
import { reorderResources } from '../api/reorder-resources';
import { updateResource } from '../api/update-resource';
import { ResourceFormDialog } from '../components/resource-form-dialog';
import { ResourceRow } from '../components/resource-row';
import { QueryError } from '@/components/ui/query-state';

const m = messages.resources;
const headers = [
  { label: 'Order', className: 'w-24' },
  { label: 'Resource' },
  { label: 'Type' },
  { label: 'Category' },
  { label: 'Published' },
  { label: 'Views (30 days)', className: 'text-right' },
  { label: 'Actions', className: 'text-right', isHidden: true },
];

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
                {headers.map((header) => (
                  <th key={header.label} scope="col" className={cn('px-3 py-2', header.className)}>
                    {header.isHidden ? <span className="sr-only">{header.label}</span> : header.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 md:table-row-group">
              {rows.map((resource, index) => (
                <ResourceRow
                  key={resource.id}
                  resource={resource}
                  index={index}
                  count={rows.length}
                  isDragged={dragId === resource.id}
                  onDragStart={() => setDragId(resource.id)}
                  onDragEnd={() => setDragId(null)}
                  onDrop={(event) => onDrop(event, index)}
                  onMove={(to) => move(index, to)}
                  onTogglePublished={() => void togglePublished(resource)}
                  onEdit={() => setEditing(resource)}
                  onDelete={() => setDeleting(resource)}
                />
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
