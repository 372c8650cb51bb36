/** The product mark (same shape as the favicon) and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ?? 'inline-flex items-center gap-2.5'}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M9 22V10h7a4 4 0 0 1 0 8h-4v4z" fill="#fff" />
      </svg>
      <span className="text-base font-semibold tracking-tight whitespace-nowrap text-slate-900">Partner Portal</span>
    </span>
  );
}
