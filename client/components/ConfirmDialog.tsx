/**
 * The confirm dialog: `confirm()` resolves true on confirm and false on cancel.
 * It can be non-cancellable, and with autoClose off it stays open after
 * confirming until the caller closes it. The focus starts on Cancel, the safe
 * choice, so an Enter or a stray tap never confirms what cannot be undone.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import { CONFIRM } from '../lib/messages.ts';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  cancellable?: boolean;
  autoClose?: boolean;
}

export interface ConfirmController {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  close: () => void;
  element: ReactNode;
}

export function useConfirmDialog(): ConfirmController {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean, closeAfter: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    if (closeAfter) setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => new Promise<boolean>((resolve) => {
    resolver.current?.(false);
    resolver.current = resolve;
    setOptions(next);
  }), []);

  const close = useCallback(() => settle(false, true), [settle]);
  const cancellable = options?.cancellable ?? true;
  const cancelRef = useRef<HTMLButtonElement>(null);
  const element = (
    <Modal
      open={options !== null}
      title={options?.title ?? CONFIRM.title}
      onClose={() => { if (cancellable) settle(false, true); }}
      closeOnEscape={cancellable}
      closeOnOutsideClick={cancellable}
      showCloseButton={cancellable}
      role="alertdialog"
      className="confirm-dialog"
      initialFocus={cancelRef}
    >
      <p className="confirm-dialog__message">{options?.message}</p>
      <div className="confirm-dialog__actions">
        {cancellable && (
          <button type="button" ref={cancelRef} onClick={() => settle(false, true)}>{options?.cancelText ?? CONFIRM.cancel}</button>
        )}
        <button type="button" onClick={() => settle(true, options?.autoClose ?? true)}>
          {options?.confirmText ?? CONFIRM.confirm}
        </button>
      </div>
    </Modal>
  );
  return { confirm, close, element };
}
