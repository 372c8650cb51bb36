import { useEffect, useState } from 'react';
import { DEFAULT_COMPANY_NAME, defaultDualPricingTerms, httpUrlOrNull, type DualPricingTerms } from '@portal/contract';
import { callApi, isRecord, readSuccessData } from './http';

export interface ReferralPublicSettings {
  companyName: string;
  logoUrl: string | null;
  /** http(s) only; null hides the Get in touch button. */
  contactUrl: string | null;
  /** null: no phone line, and the SMS consent text names none. */
  supportPhone: string | null;
  /** The program's terms the savings estimate uses. */
  dualPricing: DualPricingTerms;
}

export const defaultReferralSettings: ReferralPublicSettings = {
  companyName: DEFAULT_COMPANY_NAME,
  logoUrl: null,
  contactUrl: null,
  supportPhone: null,
  dualPricing: defaultDualPricingTerms,
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const amount = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

/** The settings as the page uses them: URLs only when http(s), neutral values for anything unset or odd. */
export function toReferralSettings(data: Record<string, unknown>): ReferralPublicSettings {
  const terms = isRecord(data.dualPricing) ? data.dualPricing : {};
  const d = defaultDualPricingTerms;
  return {
    companyName: text(data.companyName) ?? DEFAULT_COMPANY_NAME,
    logoUrl: httpUrlOrNull(data.logoUrl),
    contactUrl: httpUrlOrNull(data.contactUrl),
    supportPhone: text(data.supportPhone),
    dualPricing: {
      customerFeePct: amount(terms.customerFeePct, d.customerFeePct),
      monthlyProgramFee: amount(terms.monthlyProgramFee, d.monthlyProgramFee),
      remainingRatePct: amount(terms.remainingRatePct, d.remainingRatePct),
    },
  };
}

/** The landing page's own loader (its fetch client, no TanStack Query, no zod): GET /settings/public. */
export async function getPublicSettings(): Promise<ReferralPublicSettings> {
  return toReferralSettings(readSuccessData(await callApi('/settings/public')));
}

/**
 * The settings the server rendered the page with (issue 12 §1), else neutral values at once and the
 * saved ones when they arrive; a failed load is only logged (spec §8).
 */
export function usePublicSettings(initial?: ReferralPublicSettings): ReferralPublicSettings {
  const [settings, setSettings] = useState(initial ?? defaultReferralSettings);
  useEffect(() => {
    if (initial) return;
    let isCurrent = true;
    getPublicSettings()
      .then((loaded) => isCurrent && setSettings(loaded))
      .catch((error: unknown) => console.error('Failed to load public settings; using defaults', error));
    return () => {
      isCurrent = false;
    };
  }, [initial]);
  return settings;
}
