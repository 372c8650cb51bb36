// Payouts and tax forms (issue 22): every user-facing string, once.

export const payoutMessages = {
  // tax form
  taxFormKindRequired: 'Choose the tax form you are filling in',
  legalNameRequired: 'Enter your name as shown on your income tax return',
  entityTypeRequired: 'Choose your federal tax classification',
  addressLine1Required: 'Enter your street address',
  cityRequired: 'Enter your city',
  stateInvalid: 'Choose a US state (two letters, such as CA)',
  zipInvalid: 'Enter a ZIP code of 5 or 9 digits',
  tinTypeRequired: 'Choose SSN or EIN',
  tinInvalid: 'Enter the 9 digits of your taxpayer identification number',
  ssnInvalid: 'This is not a valid Social Security number',
  certifyRequired: 'Tick the certification to sign the form',
  signatureRequired: 'Type your full name to sign',
  countryRequired: 'Choose your country of residence (not the United States; US persons fill in a W-9)',
  signedOnInvalid: 'Enter the date you signed as YYYY-MM-DD, not in the future',
  w8Expired: (end: string) => `This form expired on ${end}; sign a new one today`,
  foreignTinTooLong: 'Foreign tax ID must be at most 30 characters',
  // bank
  methodRequired: 'Choose how you are paid',
  holderRequired: 'Enter the name on the bank account',
  routingInvalid: 'Enter the 9-digit routing number',
  routingChecksum: 'This routing number is not valid: check each digit',
  accountInvalid: 'Enter an account number of 4 to 17 digits',
  accountTypeRequired: 'Choose checking or savings',
  outsideNotAllowed: 'This program pays by bank transfer: enter your bank account',
  nothingToSave: 'Fill in the tax form or the bank account',
  taxFormFirst: 'Fill in the tax form before the bank account',
  savingsWarning: 'Some banks delay or refuse deposits to savings accounts.',
  saved: 'Payout details saved',
  // readiness
  readinessNotStarted: 'Add your tax form and bank account to get paid.',
  readinessSubmitted: 'Your details are being reviewed.',
  readinessReady: 'You are ready to be paid.',
  reasonTaxFormMissing: 'Your tax form is missing.',
  reasonBankMissing: 'Your bank account is missing.',
  reasonTaxRejected: (reason: string) => `Your tax form was not accepted: ${reason}`,
  reasonBankRejected: (reason: string) => `Your bank account was not accepted: ${reason}`,
  reasonW8Expired: 'Your W-8 has expired: sign a new one.',
  reasonReturned: (code: string, text: string) =>
    `Your last payout was returned by your bank (${code}: ${text}). Update your bank account.`,
  holdBankChanged: (day: string) =>
    `Your bank account changed on ${day}, shortly before a payout: your next payout is held once for your protection.`,
  heldLines: 'Held until your payout details are ready',
  heldLabel: 'Held',
  nameMismatch: 'The account holder does not match the name or business name on the tax form',
  // review
  reviewNotFound: 'Review not found',
  reviewDecided: 'This review has already been decided',
  reasonRequired: 'Enter the reason the partner will see',
  reasonTooLong: 'Reason must be at most 500 characters',
  approved: 'Approved',
  rejected: 'Rejected: the partner has been told why',
  twoFactorRequired: 'Turn on two-factor sign-in to see full numbers',
  nothingToReveal: 'Nothing to reveal on this review',
  // batches
  monthInvalid: 'Choose a month',
  effectiveDateInvalid: 'Enter the effective date as YYYY-MM-DD, today or later',
  batchNotFound: 'Batch not found',
  payoutNotFound: 'Payout not found',
  batchSent: 'This batch has already been sent',
  batchNotSent: 'This batch has not been sent yet',
  batchEmpty: 'This batch has no payouts to send',
  batchMarkedSent: (n: number) => `Batch marked sent: ${n} ${n === 1 ? 'payout' : 'payouts'}, statements marked paid`,
  originatorMissing:
    'Set the bank details of the program first (settings payouts.odfi_routing, payouts.company_name, payouts.company_id)',
  payoutNotSent: 'Only a sent or paid payout can be returned',
  returnCodeInvalid: 'Choose an ACH return code (R01 to R85)',
  returnRecorded: 'Return recorded: the partner has been asked to fix their details',
  heldNotReady: 'Payout details not ready',
  heldPayoutHold: 'Payout hold: bank account changed shortly before a payout',
  heldOutside: 'Paid outside the portal',
  heldBelowMinimum: 'Below the minimum payout',
  // mails
  bankChangedSubject: 'Your bank account for payouts was changed',
  bankChangedBody: (last4: string) =>
    `The bank account for your payouts was changed to an account ending ${last4}. If you did not make this change, reply to this mail at once and change your password. Your next payout is held once while we check.`,
  reviewRejectedSubject: 'Your payout details need attention',
  reviewRejectedBody: (what: string, reason: string) =>
    `Your ${what} was not accepted: ${reason}. Open Settings → Payouts to fix it.`,
  returnedSubject: 'Your payout was returned by your bank',
  returnedBody: (amount: string, code: string, text: string, fix: string) =>
    `Your payout of ${amount} was returned by your bank (${code}: ${text}). ${fix} We retry in the next payout batch.`,
  w8ExpiringSubject: 'Your W-8 expires soon',
  w8ExpiringBody: (day: string) =>
    `Your W-8 is valid until ${day}. Sign a new one in Settings → Payouts before then, or your payouts are held.`,
  reminderSubject: 'Add your payout details to get paid',
  reminderBody: (amount: string) =>
    `You have ${amount} waiting, held until your tax form and bank account are ready. Open Settings → Payouts to add them.`,
  // 1099
  yearInvalid: 'Choose a year from 2020 on',
  corporationFlag: 'Corporation: usually exempt from 1099-NEC',
  form1099NotFound: 'No 1099-NEC for this year',
  form1099Corrected: 'Marked corrected: the export and the partner’s copy say CORRECTED',
  notAPayee: 'This partner is not a 1099-NEC payee for that year',
} as const;
