/**
 * The props of an admin dialog opened for one row of a payouts table: Cancel closes it, and `onDone`
 * gets the server's word on what was done, for the panel's notice.
 */
export interface RowDialogProps<T> {
  row: T;
  onClose: () => void;
  onDone: (message: string) => void;
}
