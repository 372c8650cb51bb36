import type { ReactNode } from 'react';
import { cn } from './cn';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../icons';

type Tone = 'success' | 'error' | 'info';

const tones: Record<Tone, { box: string; icon: string; Icon: typeof InfoIcon }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', icon: 'text-emerald-500', Icon: CheckCircleIcon },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: 'text-red-500', Icon: AlertIcon },
  info: { box: 'border-brand-100 bg-brand-50 text-brand-800', icon: 'text-brand-600', Icon: InfoIcon },
};

/** An inline message. Errors are announced at once (role=alert), the rest politely (role=status). */
export function Alert({
  tone,
  title,
  children,
  className,
}: {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const { box, icon, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', box, className)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', icon)} />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
