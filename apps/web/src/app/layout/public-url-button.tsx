import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon, LinkIcon } from '@/components/icons';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { useCopyLink } from '@/components/share-kit/use-copy-link';
import { useOwnReferralLink } from '@/components/share-kit/referral-link';

// The menu's QR code library loads on first open, never with the nav.
const ShareKit = lazy(() => import('@/components/share-kit/share-kit').then((m) => ({ default: m.ShareKit })));

/**
 * Public URL (spec §4): the button copies the partner's link (a checkmark confirms it for 2
 * seconds); the arrow beside it opens the share menu with the link written out and its QR code.
 */
export function PublicUrlButton({ uuid, className }: { uuid: string; className: string }) {
  const { copy, isCopied } = useCopyLink();
  const link = useOwnReferralLink(uuid);
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      // A dialog opened from the menu (QR code) is in the top layer, outside the wrapper.
      const target = event.target as Node;
      if (wrapper.current?.contains(target) || (target instanceof Element && target.closest('dialog'))) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div ref={wrapper} className="relative flex items-center">
      <button type="button" className={className} onClick={() => void copy(link)}>
        {isCopied ? (
          <CheckIcon role="img" aria-label="Copied" className="size-4 text-emerald-600" />
        ) : (
          <LinkIcon className="size-4" />
        )}
        Public URL
      </button>
      <button
        type="button"
        className={cn(className, 'w-auto px-1.5')}
        aria-label="Share options"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen((open) => !open)}
      >
        <ChevronDownIcon className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="group"
          aria-label="Share your referral link"
          className="fixed inset-x-2 top-16 z-30 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-[28rem]"
        >
          <p className="mb-3 text-sm font-semibold text-slate-900">Your referral link</p>
          <Suspense fallback={<Spinner className="size-5 text-brand-600" />}>
            <ShareKit uuid={uuid} variant="compact" />
          </Suspense>
        </div>
      )}
    </div>
  );
}
