import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { messages } from '@portal/contract';

interface CompensationLinkProps {
  /** The partner's compensation_link; null when an admin has not set one. */
  href: string | null;
  className: string;
  children: ReactNode;
  onActivate?: () => void;
}

/**
 * My Commissions (spec §2): opens the partner's compensation link in a new tab, or, without one,
 * shows the spec's alert as an error toast.
 */
export function CompensationLink({ href, className, children, onActivate }: CompensationLinkProps) {
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onActivate}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        toast.error(messages.nav.noCompensationLink, { id: 'no-compensation-link' });
        onActivate?.();
      }}
    >
      {children}
    </button>
  );
}
