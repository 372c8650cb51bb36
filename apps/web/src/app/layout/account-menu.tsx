import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '@portal/contract';
import { ChevronDownIcon, CogIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { paths } from '@/lib/paths';

export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

/**
 * The account dropdown (spec §2): a partner's Settings, an admin's own account, following the WAI-ARIA menu button pattern: Enter,
 * Space or ArrowDown opens it on the first item; arrows, Home and End move; Escape closes it and
 * returns focus; Tab or a click outside closes it.
 */
export function AccountMenu({ user }: { user: User }) {
  const location = useLocation();
  // Open only for the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === location.key;
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    items()[0]?.focus();
    const closeOnOutsideClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpenAt(null);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [isOpen]);

  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(location.key);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label="Account menu"
        onClick={() => setOpenAt(isOpen ? null : location.key)}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-1.5 rounded-full p-1 pr-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
          {initialsOf(user.full_name)}
        </span>
        <ChevronDownIcon className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      <div
        ref={menuRef}
        hidden={!isOpen}
        onKeyDown={onMenuKeyDown}
        className="absolute right-0 z-30 mt-2 w-64 origin-top-right rounded-xl border border-slate-200 bg-white py-1.5 shadow-lg"
      >
        <div className="border-b border-slate-100 px-4 pt-1.5 pb-3">
          <p className="truncate text-sm font-medium text-slate-900">{user.full_name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </div>
        <div id={menuId} role="menu" aria-label="Account" className="pt-1.5">
          <Link
            role="menuitem"
            tabIndex={-1}
            to={user.role === 'admin' ? paths.admin.account : paths.partner.settings}
            className="mx-1.5 flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
          >
            <CogIcon className="size-4 text-slate-400" />
            {/* An admin's own password, two-factor and sessions (issue 23 §6); the program's settings are in the nav. */}
            {user.role === 'admin' ? 'Your account' : 'Settings'}
          </Link>
        </div>
      </div>
    </div>
  );
}
