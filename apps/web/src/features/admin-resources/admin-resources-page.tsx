import { BookIcon } from '@/components/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function AdminResourcesPage() {
  return (
    <>
      <PageHeader title="Resources" description="Guides, videos and documents for partners." />
      <EmptyState icon={<BookIcon className="size-6" />} title="No resources yet">
        Resources you publish for partners will be managed here.
      </EmptyState>
    </>
  );
}
