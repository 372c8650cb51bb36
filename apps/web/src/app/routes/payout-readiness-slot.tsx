import { lazy, Suspense, type ReactNode } from 'react';

const PayoutReadinessCard = lazy(() =>
  import('@/features/payouts/components/readiness-card').then((m) => ({ default: m.PayoutReadinessCard })),
);

/** A partner page (dashboard, /compensation) with the payout readiness card under it, in its own chunk. */
export function WithPayoutReadiness({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <div className="mt-6">
          <PayoutReadinessCard />
        </div>
      </Suspense>
    </>
  );
}
