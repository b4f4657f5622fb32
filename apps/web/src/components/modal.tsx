// A modal <dialog> (DESIGN departure 7: deletions ask here, never window.confirm): the rest of the
// page is inert while it is open, Escape closes it, it is named by its title, and focus goes back
// to whatever opened it. Its content mounts on opening, so a form inside starts fresh each time.
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';
import { alertClass, focusRing, secondaryButton } from './form-styles';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Read out with the title (aria-describedby). */
  description?: ReactNode;
  children: ReactNode;
  /** alertdialog: a question that needs an answer (a deletion). */
  role?: 'dialog' | 'alertdialog';
  /** Width class of the panel. */
  size?: string;
}

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  role,
  size = 'max-w-lg',
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus runs before showModal; the dialog's first field is named instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={(event) => {
        // A nested dialog's close is its own, not this one's.
        if (event.target !== event.currentTarget) return;
        onClose();
        const back = opener.current;
        opener.current = null;
        // After React has settled the page (the opener may re-render), focus goes back.
        requestAnimationFrame(() => {
          if (back?.isConnected) back.focus();
        });
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${size} overflow-y-auto rounded-lg bg-white p-0 shadow-xl backdrop:bg-stone-900/50`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold text-stone-900">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={() => dialogRef.current?.close()}
              className={`-m-1 flex size-9 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 ${focusRing}`}
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="text-sm text-stone-700">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Rejecting keeps the dialog open with the failure's message inside it. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Delete X?" with Cancel (focused first: the safe answer) and the destructive action. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      title={title}
      description={message}
      role="alertdialog"
      size="max-w-md"
    >
      {failure && (
        <p role="alert" className={alertClass}>
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" data-autofocus onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void confirm()}
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          {busy ? 'Deleting...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
