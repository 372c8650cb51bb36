import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CloseIcon, SearchIcon } from './icons';
import { cn } from './ui/cn';
import { inputClasses } from './ui/field';
import { Spinner } from './ui/spinner';

export interface PartnerOption {
  id: number;
  name: string;
  email: string;
}

interface PartnerPickerProps {
  label: string;
  value: PartnerOption | null;
  onChange: (partner: PartnerOption | null) => void;
  /** Finds partners by name or email (GET /admin/leads/partners?q=). */
  search: (query: string) => Promise<PartnerOption[]>;
  hint?: string;
  /** What an empty choice means here, e.g. "Unattributed". */
  emptyLabel?: string;
}

/**
 * Picks a partner by typing part of a name or email (WAI-ARIA combobox with a list box): arrows
 * move, Enter picks, Escape closes. The choice shows as a chip that can be cleared.
 */
export function PartnerPicker({ label, value, onChange, search, hint, emptyLabel = 'No partner' }: PartnerPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    queryKey: ['admin', 'partner-search', query],
    queryFn: () => search(query),
    enabled: isOpen,
    staleTime: 60_000,
  });
  const options = results.data ?? [];
  // A new list starts at its first option: the highlight of an earlier list (moved there by the mouse, which
  // a list redrawn under a resting pointer also moves) must not leave Enter with nothing to pick.
  const [activeQuery, setActiveQuery] = useState(query);
  if (activeQuery !== query) {
    setActiveQuery(query);
    setActive(0);
  }

  const pick = (partner: PartnerOption) => {
    onChange(partner);
    setText('');
    setIsOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (options.length > 0)
        setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
    } else if (event.key === 'Enter' && isOpen) {
      const option = options[active];
      if (option) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {value ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <span className="min-w-0 truncate">
            <span className="font-medium text-slate-900">{value.name}</span> <span className="text-slate-500">{value.email}</span>
          </span>
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={`Remove ${value.name}`}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : (
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && options[active] ? `${listId}-${options[active].id}` : undefined}
            placeholder={`${emptyLabel} — type a name or email`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setIsOpen(true);
            }}
            onFocus={() => setIsOpen(true)}
            onBlur={() => setIsOpen(false)}
            onKeyDown={onKeyDown}
            className={cn(inputClasses(false), 'pl-9')}
          />
          {isOpen && (
            <ul
              id={listId}
              role="listbox"
              aria-label={`${label} results`}
              className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
            >
              {results.isFetching && options.length === 0 ? (
                <li className="flex items-center gap-2 px-3 py-2 text-slate-500">
                  <Spinner className="size-4" /> Searching…
                </li>
              ) : results.isError ? (
                <li className="px-3 py-2 text-red-600">Could not search partners</li>
              ) : options.length === 0 ? (
                <li className="px-3 py-2 text-slate-500">No partner matches</li>
              ) : (
                options.map((option, index) => (
                  <li
                    key={option.id}
                    id={`${listId}-${option.id}`}
                    role="option"
                    aria-selected={index === active}
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      pick(option);
                    }}
                    onMouseEnter={() => setActive(index)}
                    className={cn('cursor-pointer px-3 py-2', index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700')}
                  >
                    <span className="font-medium">{option.name}</span> <span className="text-slate-500">{option.email}</span>
                  </li>
                ))
              )}
            </ul>
          )}
        </div>
      )}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
