import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Last resort when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error('Unhandled route error', error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md p-8 text-center">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <h1 className="text-lg font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          The page could not be displayed. Reloading usually fixes it.{detail && ` (${detail})`}
        </p>
        <button type="button" className={buttonClasses('primary', 'md', 'mt-6')} onClick={() => window.location.reload()}>
          Reload page
        </button>
      </Card>
    </main>
  );
}
