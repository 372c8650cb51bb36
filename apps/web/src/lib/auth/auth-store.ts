import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys, type User } from '@portal/contract';

/**
 * Why the session ended. After an explicit logout the login page must not send the next person
 * back to the previous user's page; after an expired session or inactivity it may.
 */
export type SignOutReason = 'logout' | 'expired' | 'inactivity';

interface AuthState {
  token: string | null;
  user: User | null;
  /** False until the stored session has been read (spec §2: auth is initialised on load). */
  isInitialised: boolean;
  signOutReason: SignOutReason | null;
  /** Signed in by their first password (an invitation): their dashboard says "Welcome", not "Welcome back". */
  isNewcomer: boolean;
  setSession: (token: string, user: User, options?: { isNewcomer?: boolean }) => void;
  setUser: (user: User) => void;
  clearSession: (reason: SignOutReason) => void;
}

/** localStorage can throw (private mode, quota); the session then simply lives in memory. */
function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    console.error('Could not write browser storage', error);
  }
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Session of spec §3: keys `token` and `user`, plus this store persisted under `auth-storage`. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      isInitialised: false,
      signOutReason: null,
      isNewcomer: false,
      setSession: (token, user, options) => {
        writeStorage(storageKeys.token, token);
        writeStorage(storageKeys.user, JSON.stringify(user));
        set({ token, user, signOutReason: null, isNewcomer: options?.isNewcomer ?? false });
      },
      setUser: (user) => {
        writeStorage(storageKeys.user, JSON.stringify(user));
        set({ user });
      },
      clearSession: (reason) => {
        writeStorage(storageKeys.token, null);
        writeStorage(storageKeys.user, null);
        // A 401 without a session (a wrong password on /login) ends nothing: keep the earlier reason.
        set((state) => ({
          token: null,
          user: null,
          isNewcomer: false,
          signOutReason: state.token || state.user ? reason : state.signOutReason,
        }));
      },
    }),
    {
      name: storageKeys.authStore,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, isNewcomer }) => ({ token, user, isNewcomer }),
    },
  ),
);

function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.uuid === 'string' &&
    typeof candidate.email === 'string' &&
    (candidate.role === 'admin' || candidate.role === 'user')
  );
}

/**
 * Restores the session at start (spec §4). The `token` and `user` keys are authoritative; a stored
 * user that is not valid JSON (or not a user) clears the whole session.
 */
export function initAuth(): void {
  const store = useAuthStore.getState();
  const token = readStorage(storageKeys.token);
  const rawUser = readStorage(storageKeys.user);
  if (!token || !rawUser) {
    if (token || rawUser || store.token || store.user) store.clearSession('expired');
  } else {
    try {
      const user: unknown = JSON.parse(rawUser);
      if (!isStoredUser(user)) throw new Error('stored user has the wrong shape');
      useAuthStore.setState({ token, user });
    } catch (error) {
      console.error('Stored session is corrupt; signing out', error);
      store.clearSession('expired');
    }
  }
  useAuthStore.setState({ isInitialised: true, signOutReason: null });
}

export const getToken = () => useAuthStore.getState().token;
