import { useState } from 'react';

/**
 * The brand: the Logo URL image when set (it falls back if it fails to load), else the product
 * mark with the Company Name (or "Partner Portal").
 */
export function Logo({
  className,
  name = 'Partner Portal',
  logoUrl = null,
}: {
  className?: string;
  name?: string;
  logoUrl?: string | null;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (logoUrl && failedUrl !== logoUrl) {
    return (
      <span className={className ?? 'inline-flex items-center gap-2.5'}>
        <img src={logoUrl} alt={name} className="h-8 w-auto max-w-40 object-contain" onError={() => setFailedUrl(logoUrl)} />
      </span>
    );
  }
  return (
    <span className={className ?? 'inline-flex items-center gap-2.5'}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M9 22V10h7a4 4 0 0 1 0 8h-4v4z" fill="#fff" />
      </svg>
      <span className="max-w-48 truncate text-base font-semibold tracking-tight whitespace-nowrap text-slate-900">{name}</span>
    </span>
  );
}
