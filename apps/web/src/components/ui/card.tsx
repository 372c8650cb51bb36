import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...rest} />;
}

/** The strip along the bottom of a form card that holds its buttons, on the right. */
export function CardFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
      {children}
    </div>
  );
}
