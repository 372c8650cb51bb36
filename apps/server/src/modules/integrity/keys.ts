import type { MatchKind } from '@portal/contract';

/** "Café" reads "Cafe": accents go before the database's normalisation, which keeps a–z only. */
export const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '');

export interface MatchKeys {
  phoneKey: string | null;
  emailKey: string | null;
  domainKey: string | null;
  /** Raw business name: normalised by the database (normalizedName), as the stored keys were. */
  name: string | null;
  countryCode: string | null;
}

export interface ClaimMatch {
  leadId: number;
  partnerId: number;
  state: string;
  windowEndsAt: Date;
  submittedAt: Date;
  leadStatus: string;
  /** The merchant account opened from the referral, if any: a closed one is no longer a customer. */
  merchantStatus: string | null;
  matchedOn: MatchKind[];
}
