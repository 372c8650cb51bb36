import { useState, type ReactNode } from 'react';
import { Dialog, DialogActions, type DialogActionsProps } from '@/components/ui/dialog';
import { tryRequest } from '@/lib/api/errors';

/**
 * The props of an admin dialog opened for one row of a payouts table: Cancel closes it, and `onDone`
 * gets the server's word on what was done, for the panel's notice.
 */
export interface RowDialogProps<T> {
  row: T;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * The row whose dialog is open: `open(row)` opens it, and `dialog` (null while closed) is the props to
 * give the dialog, which hand the message to `onDone` and close it once the request is done.
 */
export function useRowDialog<T>(onDone: (message: string) => void) {
  const [row, setRow] = useState<T | null>(null);
  const close = () => setRow(null);
  const dialog: RowDialogProps<T> | null =
    row === null
      ? null
      : {
          row,
          onClose: close,
          onDone: (message) => {
            onDone(message);
            close();
          },
        };
  return { open: setRow, dialog };
}

/**
 * A dialog that sends one request for its row: Cancel stays enabled while it runs, and its failure
 * (the server's message, else `failure`) shows on the dialog's one field.
 */
export function RowRequestDialog({
  title,
  description,
  onClose,
  request,
  failure,
  children,
  ...actions
}: Pick<DialogActionsProps, 'submitLabel' | 'tone' | 'isPending'> & {
  title: string;
  description: string;
  onClose: () => void;
  request: () => Promise<unknown>;
  failure: string;
  /** The field, given the error to show under it. */
  children: (error: string | undefined) => ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <DialogActions
          {...actions}
          onCancel={onClose}
          cancelDisabled={false}
          onSubmit={() => void tryRequest(request, setError, failure)}
        />
      }
    >
      {children(error ?? undefined)}
    </Dialog>
  );
}
