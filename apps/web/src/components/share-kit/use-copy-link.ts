import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { limits, messages } from '@portal/contract';
import { copyText } from './copy-text';

/** Copy with the spec's toasts and a checkmark for 2 seconds (spec §4). */
export function useCopyLink() {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), limits.copyCheckmarkMs);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async (text: string, field?: HTMLInputElement | null) => {
    if (await copyText(text, field)) {
      setCopiedAt(Date.now());
      toast.success(messages.nav.linkCopied, { id: 'link-copied' });
    } else {
      console.error('Copying the referral link failed: neither the Clipboard API nor the selection worked');
      toast.error(messages.nav.copyFailed, { id: 'copy-failed' });
    }
  };

  return { copy, isCopied: copiedAt !== null };
}
