import type { ReactNode } from 'react';

/** A titled part of a statement (residuals, overrides, bonuses…), labelled by its heading. */
export function StatementSection({
  id,
  title,
  children,
  description,
}: {
  id: string;
  title: string;
  children: ReactNode;
  description?: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** The footer of a statement's table: the sum of its lines. */
export function SubtotalFooter({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm font-semibold text-slate-900">
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}
