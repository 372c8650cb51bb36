import { BookIcon } from '@/components/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function ResourcesPage() {
  return (
    <>
      <PageHeader title="Resources" description="Guides and material to help you refer merchants." />
      <EmptyState icon={<BookIcon className="size-6" />} title="No resources yet">
        Guides, videos and documents from the team will appear here.
      </EmptyState>
    </>
  );
}
