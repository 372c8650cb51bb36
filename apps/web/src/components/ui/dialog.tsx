import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../icons';
import { Button } from './button';
import { cn } from './cn';

interface DialogProps {
  open: boolean;
  /** Called on Esc, the close button, a click on the backdrop, or Cancel. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** 'modal' is centred; 'sheet' slides from the right on desktop and fills a phone's screen. */
  variant?: 'modal' | 'sheet';
  className?: string;
  /** Screen-reader and test name of the dialog when the title is not plain text. */
  'aria-label'?: string;
}

/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside), Esc closes it, it is labelled by its title, and focus returns where it was.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  variant = 'modal',
  className,
  ...rest
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        if (opener?.isConnected) opener.focus();
      };
    }
  }, [open]);

  if (!open) return null;

  const isSheet = variant === 'sheet';
  return (
    <dialog
      ref={ref}
      aria-labelledby={rest['aria-label'] ? undefined : titleId}
      aria-label={rest['aria-label']}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up the tree: only Esc in this dialog closes it.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'backdrop:bg-slate-900/40 backdrop:backdrop-blur-[1px] m-0 max-h-none max-w-none bg-transparent p-0 text-slate-900',
        isSheet
          ? 'fixed inset-0 h-dvh w-full sm:left-auto sm:w-[min(40rem,100vw)]'
          : 'fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg',
      )}
    >
      <div
        className={cn(
          'flex flex-col bg-white shadow-xl',
          isSheet ? 'h-full sm:border-l sm:border-slate-200' : 'max-h-[calc(100dvh-2rem)] rounded-xl',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={() => onClose()}
            aria-label="Close"
            className="-mr-2 -mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6 sm:rounded-b-xl">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}

export interface DialogActionsProps {
  /** The submit button's label, named for what it does. */
  submitLabel: ReactNode;
  onCancel: () => void;
  /** Without `form`, the submit button calls this; a promise it returns is the caller's to settle (its failure shows in the dialog). */
  onSubmit?: () => unknown;
  /** The id of the form the submit button submits (a form in the dialog's body, outside the footer). */
  form?: string;
  /** The request is under way: a spinner on the submit button, and Cancel disabled unless `cancelDisabled` says otherwise. */
  isPending?: boolean;
  cancelDisabled?: boolean;
  submitDisabled?: boolean;
  tone?: 'danger' | 'primary';
  /** Focus starts on Cancel, so Enter on opening never confirms a change that cannot be undone. */
  focusCancel?: boolean;
}

/** A dialog's footer: Cancel, then the button that does what the dialog is for. */
export function DialogActions({
  submitLabel,
  onCancel,
  onSubmit,
  form,
  isPending,
  cancelDisabled = isPending,
  submitDisabled,
  tone = 'primary',
  focusCancel,
}: DialogActionsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled} autoFocus={focusCancel}>
        Cancel
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        variant={tone === 'danger' ? 'danger-solid' : 'primary'}
        onClick={onSubmit && (() => void onSubmit())}
        isLoading={isPending}
        disabled={submitDisabled}
      >
        {submitLabel}
      </Button>
    </>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Replaces window.confirm: the question, Cancel, and a confirm button named for what it does. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  tone = 'primary',
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      footer={
        <DialogActions
          submitLabel={confirmLabel}
          onCancel={onCancel}
          onSubmit={onConfirm}
          isPending={isPending}
          tone={tone}
          focusCancel
        />
      }
    >
      <p className="text-sm text-slate-700">{message}</p>
    </Dialog>
  );
}
