import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SearchIcon } from './icons';
import { cn } from './ui/cn';
import { inputClasses } from './ui/field';

interface SearchInputProps {
  /** The applied search (from the URL). */
  value: string;
  /** Called once typing pauses, or at once on Enter. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}

/** A labelled search box that applies what is typed after a short pause. */
export function SearchInput({ value, onSearch, label, placeholder, className }: SearchInputProps) {
  const [draft, setDraft] = useState(value);
  const settled = useDebouncedValue(draft);
  const [lastApplied, setLastApplied] = useState(value);

  // The URL changed under us (back button, a cleared filter): show what is applied.
  if (value !== lastApplied) {
    setLastApplied(value);
    setDraft(value);
  }

  useEffect(() => {
    if (settled.trim() !== value.trim()) onSearch(settled.trim());
    // Only a settled change of the draft applies a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className={cn(inputClasses(false), 'pl-9')}
      />
    </form>
  );
}
