import type { ReactNode } from 'react';
import { leadStatusLabels, type LeadStatus } from '@portal/contract';
import { cn } from './cn';

export type BadgeTone = 'slate' | 'blue' | 'indigo' | 'violet' | 'amber' | 'green' | 'red' | 'orange';

const tones: Record<BadgeTone, string> = {
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  violet: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/20',
};

/** A tone's solid colour: the badge's dot, and a bar or legend swatch of the same meaning. */
export const toneFills: Record<BadgeTone, string> = {
  slate: 'bg-slate-400',
  blue: 'bg-sky-500',
  indigo: 'bg-indigo-500',
  violet: 'bg-violet-500',
  amber: 'bg-amber-500',
  green: 'bg-emerald-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
};

/** A small label with a colour; the text always carries the meaning, the colour only helps. */
export function Badge({ tone = 'slate', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', toneFills[tone])} />
      {children}
    </span>
  );
}

/** One colour per lead status: blue shades while it moves, green approved, grey and red closed. */
export const leadStatusTones: Record<LeadStatus, BadgeTone> = {
  new: 'blue',
  contacted: 'indigo',
  analysis: 'violet',
  application: 'amber',
  approved: 'green',
  lost: 'slate',
  unqualified: 'red',
};

export function LeadStatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <Badge tone={leadStatusTones[status]} className={className}>
      {leadStatusLabels[status]}
    </Badge>
  );
}
