import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../icons';
import { cn } from './cn';

const tones = {
  brand: 'text-brand-700 hover:underline',
  muted: 'text-slate-600 hover:text-slate-900',
};

/** The link above a detail page back to the list it was opened from. */
export function BackLink({ to, tone, children }: { to: string; tone: keyof typeof tones; children: ReactNode }) {
  return (
    <Link to={to} className={cn('mb-4 inline-flex items-center gap-1 text-sm font-medium', tones[tone])}>
      <ChevronLeftIcon className="size-4" />
      {children}
    </Link>
  );
}
