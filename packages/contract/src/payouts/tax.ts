// Payouts: the 1099-NEC threshold by year.

/**
 * The 1099-NEC reporting threshold (cents) for payments made in a year: $600 through 2025, $2,000
 * from 2026 (indexed for inflation after 2026; the program's setting overrides later years).
 */
export function default1099ThresholdCents(year: number): number {
  return year <= 2025 ? 60_000 : 200_000;
}

/** The entity types a W-9 names (line 3a), and which are corporations (usually exempt from 1099-NEC). */
export const entityTypes = [
  'individual',
  'sole_proprietor',
  'llc_single_member',
  'llc_partnership',
  'llc_c_corp',
  'llc_s_corp',
  'c_corp',
  's_corp',
  'partnership',
  'trust_estate',
] as const;
export type EntityType = (typeof entityTypes)[number];
export const entityTypeLabels: Record<EntityType, string> = {
  individual: 'Individual',
  sole_proprietor: 'Sole proprietor',
  llc_single_member: 'LLC (single member, disregarded)',
  llc_partnership: 'LLC taxed as a partnership',
  llc_c_corp: 'LLC taxed as a C corporation',
  llc_s_corp: 'LLC taxed as an S corporation',
  c_corp: 'C corporation',
  s_corp: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust or estate',
};
export const corporationTypes: readonly EntityType[] = ['c_corp', 's_corp', 'llc_c_corp', 'llc_s_corp'];
/** A person (PPD entries); every other payee is a company (CCD). */
export const personTypes: readonly EntityType[] = ['individual', 'sole_proprietor', 'llc_single_member'];

/** The W-9 revision the form follows, recorded with each signature. */
export const w9FormRevision = 'W-9 (Rev. March 2024)';
export const w8FormRevisions = { w8ben: 'W-8BEN (Rev. October 2021)', w8bene: 'W-8BEN-E (Rev. October 2021)' } as const;

/** A W-8 stays valid to the end of the third calendar year after the year it was signed. */
export function w8ExpiresOn(signedOn: string): string {
  return `${Number(signedOn.slice(0, 4)) + 3}-12-31`;
}
