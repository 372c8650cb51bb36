import type { ReactNode } from 'react';
import { Card } from './card';

/** A calm placeholder for a list or page with nothing to show yet. */
export function EmptyState({ icon, title, children }: { icon?: ReactNode; title?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      {icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">{icon}</div>
      )}
      {title && <h2 className="text-base font-semibold text-slate-900">{title}</h2>}
      <p className="mt-1 max-w-md text-sm text-slate-600">{children}</p>
    </Card>
  );
}
