import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { useDocumentTitle } from '@/lib/api/get-public-settings';
import { Card } from '@/components/ui/card';
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
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-12 sm:justify-center sm:py-16">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <BrandLogo />
        </div>
        <Card className="p-6 sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="mt-1.5 text-sm text-slate-600">{description}</p>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </main>
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
