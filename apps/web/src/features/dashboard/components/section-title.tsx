import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

export function SectionTitle({ id, children, action }: { id: string; children: string; action?: React.ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {children}
      </h2>
      {action}
    </div>
  );
}

/** A dashboard card that is one section, labelled by its title; `link` (to the full list) sits beside the title. */
export function DashboardCard({
  id,
  title,
  link,
  className,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('p-4 sm:p-5', className)}>
      <section aria-labelledby={id}>
        <SectionTitle
          id={id}
          action={
            link && (
              <Link to={link.to} className="text-sm font-medium text-brand-700 hover:underline">
                {link.label}
              </Link>
            )
          }
        >
          {title}
        </SectionTitle>
        {children}
      </section>
    </Card>
  );
}
