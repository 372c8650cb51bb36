import { useMemo, useState } from 'react';
import type { Resource } from '@portal/contract';
import { BookIcon, SearchIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { countResourceView, useResources } from '@/lib/api/resources';
import { ResourceCard } from '@/components/resources/resource-card';
import { VideoDialog } from '../components/video-dialog';
import { downloadResourceFile, openResourceFile, openResourceLink } from '../components/open-resource';
import { QueryError } from '@/components/ui/query-state';

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** /tutorials: the published library, searchable and by category, featured items first. */
export function ResourcesPage() {
  const query = useResources();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [playing, setPlaying] = useState<Resource | null>(null);

  const resources = useMemo(() => query.data ?? [], [query.data]);
  const categories = useMemo(
    () => [...new Set(resources.map((r) => r.category))].sort((a, b) => a.localeCompare(b)),
    [resources],
  );
  const term = search.trim().toLowerCase();
  const matches = resources.filter(
    (r) =>
      (!category || r.category === category) &&
      (!term || `${r.title} ${r.description} ${r.category}`.toLowerCase().includes(term)),
  );
  const isFiltered = Boolean(term || category);
  const featured = isFiltered ? [] : matches.filter((r) => r.featured);
  // Unfiltered, the featured ones sit in their own row above and are not repeated.
  const rest = featured.length > 0 ? matches.filter((r) => !r.featured) : matches;

  const open = (resource: Resource) => {
    if (resource.type === 'video') {
      setPlaying(resource);
      countResourceView(resource.id);
    } else if (resource.type === 'link') openResourceLink(resource);
    else void openResourceFile(resource);
  };
  const card = (resource: Resource) => (
    <ResourceCard key={resource.id} resource={resource} onOpen={open} onDownload={(r) => void downloadResourceFile(r)} />
  );

  return (
    <>
      <PageHeader title="Resources" description="Videos, guides and material to help you talk to merchants." />
      {query.isError ? (
        <QueryError query={query} title="Failed to load resources." retryLabel="Retry" />
      ) : query.isPending ? (
        <div role="status" aria-label="Loading resources" className={grid}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-72 animate-pulse rounded-xl bg-slate-200/70" />
          ))}
        </div>
      ) : resources.length === 0 ? (
        <EmptyState icon={<BookIcon className="size-6" />} title="No resources yet">
          When the team adds guides, videos and documents, they will appear here.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <div className="space-y-3">
            <label className="relative block max-w-md">
              <span className="sr-only">Search resources</span>
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Search resources"
                className={cn(inputClasses(false), 'pl-9')}
              />
            </label>
            <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
              {[null, ...categories].map((value) => {
                const isActive = category === value;
                return (
                  <button
                    key={value ?? 'all'}
                    type="button"
                    aria-pressed={isActive}
                    onClick={() => setCategory(value)}
                    className={cn(
                      'rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      isActive
                        ? 'bg-brand-600 text-white ring-brand-600'
                        : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                    )}
                  >
                    {value ?? 'All'}
                  </button>
                );
              })}
            </div>
          </div>

          {featured.length > 0 && (
            <section aria-labelledby="featured-title">
              <h2 id="featured-title" className="mb-3 text-sm font-semibold text-slate-900">
                Featured
              </h2>
              <div className={grid}>{featured.map(card)}</div>
            </section>
          )}

          <section aria-labelledby="all-title">
            <h2 id="all-title" className="mb-3 text-sm font-semibold text-slate-900">
              {isFiltered
                ? `${matches.length} ${matches.length === 1 ? 'result' : 'results'}`
                : featured.length > 0
                  ? 'More resources'
                  : 'All resources'}
            </h2>
            {rest.length === 0 && isFiltered ? (
              <p className="rounded-xl border border-dashed border-slate-300 py-10 text-center text-sm text-slate-500">
                No resources match your search.
              </p>
            ) : (
              <div className={grid}>{rest.map(card)}</div>
            )}
          </section>
        </div>
      )}
      <VideoDialog resource={playing} onClose={() => setPlaying(null)} />
    </>
  );
}
