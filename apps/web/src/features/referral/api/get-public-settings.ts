import { useEffect, useState } from 'react';
import { DEFAULT_CONTACT_URL, DEFAULT_SUPPORT_PHONE } from '@portal/contract';
import { callApi, readSuccessData } from './http';

export interface ReferralPublicSettings {
  contactUrl: string;
  supportPhone: string;
}

const defaults: ReferralPublicSettings = { contactUrl: DEFAULT_CONTACT_URL, supportPhone: DEFAULT_SUPPORT_PHONE };

/** An admin types the contact URL by hand; only web, mail and phone links may become an href. */
const isSafeLink = (value: string) => /^(https?:\/\/|mailto:|tel:)/i.test(value.trim());

/** GET /settings/public: the contact URL and support phone, falling back to the defaults per value. */
export async function getPublicSettings(): Promise<ReferralPublicSettings> {
  const data = readSuccessData(await callApi('/settings/public'));
  const contactUrl = typeof data.contactUrl === 'string' && isSafeLink(data.contactUrl) ? data.contactUrl.trim() : '';
  const supportPhone = typeof data.supportPhone === 'string' ? data.supportPhone.trim() : '';
  return { contactUrl: contactUrl || defaults.contactUrl, supportPhone: supportPhone || defaults.supportPhone };
}

/** The defaults at once, the saved values when they arrive; a failed load is only logged (spec §8). */
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
