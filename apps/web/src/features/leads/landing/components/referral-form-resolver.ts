import type { FieldErrors, Resolver } from 'react-hook-form';
import { validateReferralForm, type ReferralForm } from '@portal/contract';

/**
 * The form's rules are the contract's `validateReferralForm`, the rules the server's schema applies
 * too. It is zod-free on purpose: zod would be the largest part of the landing page's JavaScript
 * after React (docs/decisions/003; see scripts/bench/bundle.ts), so import neither zod nor
 * `@hookform/resolvers` here.
 */
export const referralFormResolver: Resolver<ReferralForm> = (values) => {
  const problems = Object.entries(validateReferralForm(values));
  if (problems.length === 0) return { values, errors: {} };
  const errors: FieldErrors<ReferralForm> = {};
  for (const [field, message] of problems) {
    errors[field as keyof ReferralForm] = { type: 'validate', message };
  }
  return { values: {}, errors };
};
