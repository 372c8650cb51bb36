import { zodResolver } from '@hookform/resolvers/zod';
import { referralFormSchema } from '@portal/contract';

/**
 * The form's rules are the contract's schema, the one the server validates with. zod is the largest
 * part of the landing page's JavaScript after React (see scripts/bench/bundle.ts), so it is wired
 * here only, in one place.
 */
export const referralFormResolver = zodResolver(referralFormSchema);
