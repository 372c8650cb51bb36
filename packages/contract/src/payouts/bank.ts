// Payouts: bank numbers and ACH return codes.

/**
 * The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10,
 * so any single mistyped digit is refused.
 */
export function validRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The last four digits, the only part of a TIN or bank number shown after it is saved. */
export const last4 = (digits: string) => digits.slice(-4);

/** `•••-••-1234` (SSN), `••-•••1234` (EIN), `••••1234` (bank numbers). */
export function maskTin(tinType: 'ssn' | 'ein', lastFour: string): string {
  return tinType === 'ssn' ? `•••-••-${lastFour}` : `••-•••${lastFour}`;
}
export const maskAccount = (lastFour: string) => `••••${lastFour}`;

/** The common ACH return codes, with what the partner should do about each. */
export const achReturnCodes: Record<string, { text: string; fix: string }> = {
  R01: { text: 'Insufficient funds', fix: 'Check the account can receive deposits.' },
  R02: { text: 'Account closed', fix: 'Enter an open bank account.' },
  R03: { text: 'No account, or unable to locate account', fix: 'Check the account number and the name on the account.' },
  R04: { text: 'Invalid account number', fix: 'Check the account number.' },
  R06: { text: 'Returned at the originator’s request', fix: 'Contact the program.' },
  R07: { text: 'Authorization revoked', fix: 'Contact the program.' },
  R08: { text: 'Payment stopped', fix: 'Contact your bank.' },
  R09: { text: 'Uncollected funds', fix: 'Contact your bank.' },
  R10: { text: 'Not authorized by the customer', fix: 'Contact your bank.' },
  R12: { text: 'Account sold to another bank', fix: 'Enter the routing number of your new bank.' },
  R13: { text: 'Invalid routing number', fix: 'Check the routing number.' },
  R14: { text: 'Account holder deceased', fix: 'Contact the program.' },
  R15: { text: 'Beneficiary deceased', fix: 'Contact the program.' },
  R16: { text: 'Account frozen', fix: 'Contact your bank or enter another account.' },
  R17: { text: 'File record edit criteria', fix: 'Check the name and numbers of the account.' },
  R20: { text: 'Non-transaction account', fix: 'Enter a checking or savings account that takes deposits.' },
  R23: { text: 'Credit entry refused by the receiver', fix: 'Contact your bank.' },
  R24: { text: 'Duplicate entry', fix: 'Contact the program.' },
  R29: { text: 'Corporate customer advises not authorized', fix: 'Ask your bank to accept ACH credits from the program.' },
};
export const achReturnCodePattern = /^R(0[1-9]|[1-7]\d|8[0-5])$/;

export function describeReturnCode(code: string): { text: string; fix: string } {
  return achReturnCodes[code] ?? { text: 'Returned by the bank', fix: 'Check your bank account details.' };
}
