import { NavLink } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/lib/paths';

const links = [
  { to: paths.admin.conflicts, label: 'Conflicts' },
  { to: paths.admin.risk, label: 'Risk' },
  { to: paths.admin.integritySettings, label: 'Rules' },
];

/** The three integrity screens, one link each (they are pages, so each keeps its own URL). */
export function IntegrityTabs() {
  return (
    <nav aria-label="Referral integrity" className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-1">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
              isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A time as stored, in UTC to the second: disputes are decided on these. */
export function UtcTime({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-500">—</span>;
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`}</time>;
}
