import { addMonths, monthLabel } from './months';

// Commissions: messages (every user-facing string of commissions; never retype one elsewhere).

export const commissionMessages = {
  statementReadySubject: (month: string) => `Your statement for ${monthLabel(month)} is published`,
  statementReadyBody: (month: string, total: string) =>
    `Your commission statement for ${monthLabel(month)} is published: ${total}. Open My Commissions to see each merchant, bonus and adjustment.`,
  residualsPaidNote: (month: string) => `Residuals for ${monthLabel(month)} are paid in ${monthLabel(addMonths(month, 1))}`,
  noEarningsTitle: 'No earnings yet',
  noEarningsBody:
    'You earn a bonus when a merchant you referred is approved and processing, and a monthly residual while they process.',
  noStatements: 'No statements yet',
  /** The approval mail and the referral page: "$200.00 bonus pending". */
  bonusPending: (amount: string) => `${amount} bonus pending`,
  bonusPendingDetail: (minVolume: string) => `Earned once the merchant has processed ${minVolume}.`,
  residualShareDetail: (share: string) => `Plus ${share} of the merchant's monthly net revenue while it processes.`,
  // plan
  planSaved: 'Commission plan saved',
  overrideSaved: 'Partner commission plan saved',
  overrideRemoved: 'Partner now uses the program plan',
  amountRequired: 'Amount is required',
  amountInvalid: 'Enter an amount in dollars and cents, such as 125.00',
  amountNotZero: 'Amount cannot be zero',
  amountTooLarge: 'Amount is too large',
  bpsInvalid: 'Enter a share between 0% and 100%',
  daysInvalid: 'Enter a whole number of days between 0 and 3650',
  // lines
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be at most 500 characters',
  partnerRequired: 'Please choose a partner',
  partnerNotFound: 'Partner not found',
  lineAdded: 'Line added',
  lineUpdated: 'Line updated',
  lineNotFound: 'Line not found',
  reasonRequired: 'Reason is required',
  paidLineImmutable: 'A paid line cannot be changed. Add an adjustment to a later statement instead.',
  lineOnPublishedStatement: 'This line is on a published statement. Add an adjustment to a later statement instead.',
  // import
  fileRequired: 'Please choose a CSV file to upload',
  fileTooLarge: 'File is larger than 20 MB',
  notCsv: 'This file is not a CSV. Export the residual report as CSV (comma-separated values) and upload it again.',
  wrongEncoding: 'This file is not UTF-8 text. Export the report as CSV (UTF-8) and upload it again.',
  emptyFile: 'This file has a header row but no merchant rows',
  noHeader: 'This file is empty',
  csvMalformed: (row: number, detail: string) => `Row ${row} cannot be read: ${detail}`,
  processorRequired: 'Processor is required',
  processorTooLong: 'Processor must be at most 60 characters',
  mappingRequired: 'Map the columns for this processor first',
  mappingInvalid: 'The column mapping is not valid',
  mappingColumnRequired: (label: string) => `Choose the column that holds ${label}`,
  missingColumn: (label: string, header: string) => `The file has no column "${header}" (mapped to ${label})`,
  notANumber: (row: number, column: string, value: string) => `Row ${row}, column "${column}": "${value}" is not a number`,
  midMissing: (row: number, column: string) => `Row ${row}, column "${column}": the Merchant ID is empty`,
  duplicateMid: (mid: string, rows: readonly number[]) => `Merchant ID ${mid} appears on rows ${rows.join(', ')}`,
  importHasErrors: 'Fix the errors in the file and upload it again before committing',
  importHasDuplicates: 'The file lists a Merchant ID more than once; fix the file and upload it again',
  importNotFound: 'Import not found',
  importAlreadyCommitted: 'This import is already committed',
  importSuperseded: 'A newer upload for this month and processor exists; commit that one',
  importPublished: (month: string) =>
    `Statements for ${monthLabel(month)} are already published, so this import cannot be replaced. Add an adjustment instead.`,
  residualExists: (mid: string, month: string) =>
    `Merchant ID ${mid} already has a residual for ${monthLabel(month)} from another processor's report`,
  importCommitted: (lines: number) => `Import committed: ${lines} residual line${lines === 1 ? '' : 's'}`,
  // unmatched
  midAssigned: 'Merchant assigned to the partner',
  midIgnored: 'Merchant ID ignored',
  midAlreadyAssigned: 'This Merchant ID already belongs to a merchant account',
  midNotFound: 'This Merchant ID is not in any uploaded report',
  // statements
  statementNotFound: 'Statement not found',
  statementsPublished: (n: number) => `${n} statement${n === 1 ? '' : 's'} published`,
  statementsPaid: (n: number) => `${n} statement${n === 1 ? '' : 's'} marked paid`,
  notDraft: 'Only a draft statement can be published',
  notPublished: 'Only a published statement can be marked paid',
  paidDateRequired: 'Payment date is required',
  paidDateFuture: 'Payment date cannot be in the future',
  methodRequired: 'Please choose a payment method',
  referenceRequired: 'Reference is required',
  referenceTooLong: 'Reference must be at most 100 characters',
  selectStatements: 'Select at least one statement',
  tooManyStatements: 'Select at most 500 statements at a time',
  belowMinimum: (minimum: string) => `Below the minimum payout of ${minimum}; rolls into the next statement`,
  // merchants
  merchantNotFound: 'Merchant account not found',
  merchantClosed: 'Merchant account closed',
  closedDateBeforeApproval: 'The closing date cannot be before the approval date',
} as const;
