import { cn } from '@/components/ui/cn';

const views = [
  { value: 'table', label: 'Table' },
  { value: 'board', label: 'Board' },
] as const;

/** Table or board: two toggle buttons (aria-pressed), kept in the URL by the page. */
export function ViewSwitch({ view, onChange }: { view: 'table' | 'board'; onChange: (view: 'table' | 'board') => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {views.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={view === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
            view === option.value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
