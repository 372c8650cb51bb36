import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { limits, messages } from '@portal/contract';
import { CheckIcon, LinkIcon } from '@/components/icons';
import { paths } from '@/lib/paths';

/** Copies the partner's public referral link; a checkmark confirms it for 2 seconds (spec §4). */
export function PublicUrlButton({ uuid, className }: { uuid: string; className: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), limits.copyCheckmarkMs);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(`${window.location.origin}${paths.referral(uuid)}`);
      setCopiedAt(Date.now());
      toast.success(messages.nav.linkCopied, { id: 'link-copied' });
    } catch (error) {
      console.error('Copying the referral link failed', error);
      toast.error(messages.nav.copyFailed, { id: 'copy-failed' });
    }
  };

  return (
    <button type="button" className={className} onClick={() => void copy()}>
      {copiedAt !== null ? (
        <CheckIcon role="img" aria-label="Copied" className="size-4 text-emerald-600" />
      ) : (
        <LinkIcon className="size-4" />
      )}
      Public URL
    </button>
  );
}
