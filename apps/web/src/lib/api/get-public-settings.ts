import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_COMPANY_NAME,
  httpUrlOrNull,
  limits,
  type publicSettingsResponse,
  type RegistrationMode,
} from '@portal/contract';
import { api } from './client';
import { getData } from './envelope';
import { apiPaths } from './paths';

export interface AppPublicSettings {
  /** The Company Name setting, else the neutral product name. */
  companyName: string;
  /** http(s) only; null shows the product mark instead. */
  logoUrl: string | null;
  /** http(s) only; null hides the Contact Us link. */
  contactUrl: string | null;
  supportPhone: string | null;
  programTerms: string | null;
  registrationMode: RegistrationMode;
  inactivityLogoutMs: number;
  /** The server's PUBLIC_URL, where partners' links point; this page's origin until it is known. */
  publicUrl: string;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** GET /settings/public: the brand, the registration mode and the inactivity timeout, no login needed. */
export async function getPublicSettings(): Promise<AppPublicSettings> {
  const data = await getData<typeof publicSettingsResponse>(api.get(apiPaths.settings.public));
  return {
    companyName: text(data.companyName) ?? DEFAULT_COMPANY_NAME,
    logoUrl: httpUrlOrNull(data.logoUrl),
    contactUrl: httpUrlOrNull(data.contactUrl),
    supportPhone: text(data.supportPhone),
    programTerms: text(data.programTerms),
    registrationMode: data.registrationMode ?? 'open',
    inactivityLogoutMs: data.inactivityLogoutMs > 0 ? data.inactivityLogoutMs : limits.inactivityLogoutMs,
    publicUrl: httpUrlOrNull(data.publicUrl)?.replace(/\/+$/, '') ?? window.location.origin,
  };
}

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'public'], queryFn: getPublicSettings, staleTime: 5 * 60_000 });

const fallback: Omit<AppPublicSettings, 'publicUrl'> = {
  companyName: DEFAULT_COMPANY_NAME,
  logoUrl: null,
  contactUrl: null,
  supportPhone: null,
  programTerms: null,
  registrationMode: 'open',
  inactivityLogoutMs: limits.inactivityLogoutMs,
};

/** The app's one public-settings loader: neutral values while loading and on failure (only logged). */
export function usePublicSettings(): AppPublicSettings {
  const query = useQuery(publicSettingsQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Failed to load public settings; using defaults', query.error);
  }, [query.error]);
  return query.data ?? { ...fallback, publicUrl: window.location.origin };
}

/** Keeps the tab's title on the brand: "Users · Acme Payments", or just the brand. */
export function useDocumentTitle(page?: string) {
  const { companyName } = usePublicSettings();
  useEffect(() => {
    document.title = page ? `${page} · ${companyName}` : companyName;
  }, [page, companyName]);
}
