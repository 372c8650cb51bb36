import { useEffect, useState } from 'react';
import { DEFAULT_COMPANY_NAME, httpUrlOrNull } from '@portal/contract';
import { callApi, readSuccessData } from './http';

export interface ReferralPublicSettings {
  companyName: string;
  logoUrl: string | null;
  /** http(s) only; null hides the Get in touch button. */
  contactUrl: string | null;
  /** null: no phone line, and the SMS consent text names none. */
  supportPhone: string | null;
}

const defaults: ReferralPublicSettings = { companyName: DEFAULT_COMPANY_NAME, logoUrl: null, contactUrl: null, supportPhone: null };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The landing page's own loader (its fetch client, no TanStack Query, no zod): GET /settings/public,
 * URLs only when http(s), neutral values for anything unset.
 */
export async function getPublicSettings(): Promise<ReferralPublicSettings> {
  const data = readSuccessData(await callApi('/settings/public'));
  return {
    companyName: text(data.companyName) ?? DEFAULT_COMPANY_NAME,
    logoUrl: httpUrlOrNull(data.logoUrl),
    contactUrl: httpUrlOrNull(data.contactUrl),
    supportPhone: text(data.supportPhone),
  };
}

/** Neutral values at once, the saved ones when they arrive; a failed load is only logged (spec §8). */
export function usePublicSettings(): ReferralPublicSettings {
  const [settings, setSettings] = useState(defaults);
  useEffect(() => {
    let isCurrent = true;
    getPublicSettings()
      .then((loaded) => isCurrent && setSettings(loaded))
      .catch((error: unknown) => console.error('Failed to load public settings; using defaults', error));
    return () => {
      isCurrent = false;
    };
  }, []);
  return settings;
}
