import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useProgramTerms } from '@/lib/api/get-program-terms';

/** The partner's terms, as the server writes them from the plan that pays them, and the admin's addition. */
export function ProgramTermsCard() {
  const query = useProgramTerms();
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="terms-title">
        <h2 id="terms-title" className="mb-3 text-sm font-semibold text-slate-900">
          Your terms
        </h2>
        <QueryState
          query={query}
          errorTitle="Failed to load your terms."
          retryLabel="Retry"
          loading={<Skeleton className="h-16" />}
        >
          {(terms) => (
            <>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="terms-list">
                {terms.terms.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
              {terms.addition && <p className="mt-3 text-sm text-slate-600">{terms.addition}</p>}
              {terms.is_override && <p className="mt-3 text-xs text-slate-500">These terms were set for your account.</p>}
            </>
          )}
        </QueryState>
      </section>
    </Card>
  );
}
