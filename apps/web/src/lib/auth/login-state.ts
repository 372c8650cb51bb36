import { paths } from '../paths';

/** What travels to /login in the router state: where the visitor came from, a message to show. */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
  message?: string;
}

export function readLoginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, message } = state as Record<string, unknown>;
  const result: LoginState = {};
  if (typeof message === 'string') result.message = message;
  if (typeof from === 'object' && from !== null && typeof (from as { pathname?: unknown }).pathname === 'string') {
    result.from = from as LoginState['from'];
  }
  return result;
}

const guestPaths: readonly string[] = [paths.login, paths.forgotPassword, paths.resetPassword];

/** Where to go after signing in: the remembered page, else the role's home. */
export function returnPath(state: unknown, home: string): string {
  const { from } = readLoginState(state);
  if (!from || guestPaths.includes(from.pathname)) return home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
