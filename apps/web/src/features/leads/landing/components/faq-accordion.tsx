import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FaqEntry } from '../content/faq-entries';
import { ChevronDownIcon } from './icons';

/**
 * WAI-ARIA accordion: one panel open at a time, clicking the open one closes it; Up/Down/Home/End
 * move between the questions.
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = entries.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {entries.map((entry, index) => {
        const isOpen = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={entry.question}>
            <h3>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenIndex(isOpen ? null : index)}
                onKeyDown={(event) => moveFocus(event, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 transition hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
              >
                {entry.question}
                <ChevronDownIcon
                  className={`size-5 shrink-0 text-brand-700 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-[0.95rem] leading-relaxed text-slate-600 sm:px-6"
            >
              {entry.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
