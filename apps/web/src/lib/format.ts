// One format across the app, its mails and PDFs (issue 23 §9): the formatters live in the contract, shared
// with the server. On screen, moments show in the reader's time zone.
export { formatDate, formatDateTime, formatMonthShort } from '@portal/contract';
