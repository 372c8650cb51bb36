import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { Card } from './ui/card';
import { cn } from './ui/cn';

/**
 * A page that is one card under the brand's logo, centred on the brand's gradient: the signed-out
 * screens ('sm') and a partner's application waiting for approval ('md'). `after` sits under the card.
 */
export function BrandCardPage({
  title,
  width,
  after,
  children,
}: {
  title: string;
  width: 'sm' | 'md';
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main
      className={cn(
        'flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-12 sm:justify-center',
        width === 'sm' && 'sm:py-16',
      )}
    >
      <div className={cn('w-full', width === 'sm' ? 'max-w-sm' : 'max-w-md')}>
        <div className="mb-8 flex justify-center">
          <BrandLogo />
        </div>
        <Card className="p-6 sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {children}
        </Card>
        {after}
      </div>
    </main>
  );
}
