import { useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '@portal/contract';
import { CloseIcon, ExternalLinkIcon, LogOutIcon, MenuIcon, PlusIcon } from '@/components/icons';
import { BrandLogo } from '@/components/brand-logo';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { homeFor, paths } from '@/lib/paths';
import { AccountMenu, initialsOf } from './account-menu';
import { PublicUrlButton } from './public-url-button';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const adminLinks: NavItem[] = [
  { to: paths.admin.home, label: 'Dashboard', end: true },
  { to: paths.admin.leads, label: 'Referrals' },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.commissions, label: 'Commissions' },
  { to: paths.admin.conflicts, label: 'Integrity' },
  { to: paths.admin.payouts, label: 'Payouts' },
  { to: paths.admin.tutorials, label: 'Resources' },
  { to: paths.admin.settings, label: 'Settings' },
];

const partnerLinks: NavItem[] = [
  { to: paths.partner.dashboard, label: 'Dashboard' },
  { to: paths.partner.referrals, label: 'Referrals' },
  { to: paths.partner.tutorials, label: 'Resources' },
  // The statements page; it keeps the external compensation link (or the spec's alert) for it.
  { to: paths.partner.compensation, label: 'My Commissions' },
  // Issue 21: the partner's downline and what it earned them.
  { to: paths.partner.team, label: 'My team' },
];

const partnerAccountLink: NavItem = { to: paths.partner.settings, label: 'Settings' };
const adminAccountLink: NavItem = { to: paths.admin.account, label: 'Your account' };

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const desktopItem = (isActive = false) =>
  cn(
    'inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    focusRing,
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

const mobileItem = (isActive = false) =>
  cn(
    'flex w-full items-center gap-2.5 rounded-lg px-3 py-2.5 text-left text-base font-medium',
    focusRing,
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
  );

interface NavBarProps {
  user: User;
  /** Hidden when no http(s) Contact Us is set. */
  contactUrl: string | null;
  companyName: string;
  isLoggingOut: boolean;
  onLogout: () => void;
}

/** Top navigation (spec §2 Layout); below the xl breakpoint (1280 px: a partner's bar needs about 1,200) it collapses behind a menu button. */
export function NavBar({ user, contactUrl, companyName, isLoggingOut, onLogout }: NavBarProps) {
  const location = useLocation();
  const isPartner = user.role === 'user';
  const links = isPartner ? partnerLinks : adminLinks;
  const accountLink = isPartner ? partnerAccountLink : adminAccountLink;
  // Admins submit on their own page, which adds the partner to credit.
  const submitPath = isPartner ? paths.partner.submit : paths.admin.submit;
  // The mobile menu is open only for the location it was opened at, so navigating closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isMenuOpen = openAt === location.key;
  const panelId = useId();

  const closeMenu = () => setOpenAt(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isMenuOpen) closeMenu();
  };

  // The bar and the phone menu list the same items, each styled for where it is.
  const mainItems = (itemClass: (isActive?: boolean) => string) => (
    <>
      {links.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => itemClass(isActive)}>
          {item.label}
        </NavLink>
      ))}
      {isPartner && (
        <>
          <PublicUrlButton uuid={user.uuid} className={itemClass()} />
          {contactUrl && (
            <a href={contactUrl} target="_blank" rel="noopener noreferrer" className={itemClass()}>
              Contact Us
              <ExternalLinkIcon className="size-3.5 text-slate-400" />
            </a>
          )}
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur" onKeyDown={onKeyDown}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={homeFor(user.role)} className={cn('rounded-md', focusRing)} aria-label={`${companyName} home`}>
          <BrandLogo />
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 xl:flex">
          {mainItems(desktopItem)}
        </nav>

        <div className="ml-auto hidden items-center gap-2 xl:flex">
          <Link to={submitPath} className={buttonClasses('primary', 'sm')}>
            <PlusIcon className="size-4" />
            Submit Referral
          </Link>
          <AccountMenu user={user} />
          <Button variant="ghost" size="sm" onClick={onLogout} isLoading={isLoggingOut}>
            {!isLoggingOut && <LogOutIcon className="size-4" />}
            {/* Below 2xl the bar is tight (a partner's five links, Public URL and Contact Us): the label stays for screen readers only. */}
            <span className="xl:max-2xl:sr-only">Log Out</span>
          </Button>
        </div>

        <button
          type="button"
          className={cn(
            'ml-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 xl:hidden',
            focusRing,
          )}
          aria-expanded={isMenuOpen}
          aria-controls={panelId}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenAt(isMenuOpen ? null : location.key)}
        >
          {isMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
      </div>

      <div id={panelId} hidden={!isMenuOpen} className="border-t border-slate-200 bg-white xl:hidden">
        <nav aria-label="Main" className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
          {mainItems(mobileItem)}
          {/* On the bar these are in the account menu. */}
          <NavLink to={accountLink.to} className={({ isActive }) => mobileItem(isActive)}>
            {accountLink.label}
          </NavLink>
        </nav>
        <div className="mx-auto max-w-7xl space-y-3 border-t border-slate-200 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3 px-1">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
              {initialsOf(user.full_name)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{user.full_name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
          <Link to={submitPath} className={buttonClasses('primary', 'md', 'w-full')}>
            <PlusIcon className="size-4" />
            Submit Referral
          </Link>
          <Button variant="secondary" className="w-full" onClick={onLogout} isLoading={isLoggingOut}>
            {!isLoggingOut && <LogOutIcon className="size-4" />}
            Log Out
          </Button>
        </div>
      </div>
    </header>
  );
}
