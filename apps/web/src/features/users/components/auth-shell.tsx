import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandCardPage } from '@/components/brand-card-page';
import { useDocumentTitle } from '@/lib/api/get-public-settings';
import { paths } from '@/lib/paths';

/** The centred card every logged-out screen sits in. */
export function AuthShell({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <BrandCardPage
      title={title}
      width="sm"
      after={footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    >
      {description && <p className="mt-1.5 text-sm text-slate-600">{description}</p>}
      <div className="mt-6">{children}</div>
    </BrandCardPage>
  );
}

export const authLinkClasses =
  'font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The footer link of the password screens. */
export function BackToLoginLink() {
  return (
    <Link to={paths.login} className={authLinkClasses}>
      Back to login
    </Link>
  );
}

/** The line under a form that flips the card between signing in and creating an account. */
export function AuthModeSwitch({
  prompt,
  action,
  onSwitch,
  disabled,
}: {
  prompt: string;
  action: string;
  onSwitch: () => void;
  disabled?: boolean;
}) {
  return (
    <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
      {prompt}{' '}
      <button
        type="button"
        onClick={onSwitch}
        disabled={disabled}
        className={`${authLinkClasses} disabled:cursor-not-allowed disabled:opacity-60`}
      >
        {action}
      </button>
    </p>
  );
}
