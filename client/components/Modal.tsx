/**
 * A modal dialog in a portal: focus moves inside and is trapped there, Escape,
 * the close button or a click outside closes it, and focus returns to the
 * element that opened it. An optional class marks the page while it is open.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject, type MouseEvent as ReactMouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { focusableElements, trapTabKey } from '../lib/focus.ts';
import { BUTTON } from '../lib/messages.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /** Class added to <html> while open (for page styling). */
  pageOpenClass?: string;
  closeOnEscape?: boolean;
  closeOnOutsideClick?: boolean;
  showCloseButton?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Where the focus starts (the first focusable element when unset or not rendered). */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function Modal(props: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const { open, onClose, pageOpenClass, initialFocus } = props;
  const closeOnEscape = props.closeOnEscape ?? true;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();

  useEffect(() => {
    if (!open) return undefined;
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (initialFocus?.current ?? focusableElements(dialog)[0] ?? dialog).focus();
    if (pageOpenClass) document.documentElement.classList.add(pageOpenClass);
    const onKey = (event: KeyboardEvent): void => {
      if (!dialogRef.current) return;
      if (event.key === 'Escape' && closeOnEscape) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      trapTabKey(event, dialogRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (pageOpenClass) document.documentElement.classList.remove(pageOpenClass);
      const target = returnFocusRef.current;
      if (target && target.isConnected) target.focus();
    };
  }, [open, pageOpenClass, closeOnEscape, initialFocus]);

  if (!open || typeof document === 'undefined') return null;
  const onOverlayClick = (event: ReactMouseEvent<HTMLDivElement>): void => {
    if ((props.closeOnOutsideClick ?? true) && event.target === event.currentTarget) onClose();
  };
  return createPortal(
    <div className="island-overlay" onMouseDown={onOverlayClick} data-testid="modal-overlay">
      <div
        ref={dialogRef}
        className={['island-modal', props.className].filter(Boolean).join(' ')}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="island-modal__title">{props.title}</h2>
        {(props.showCloseButton ?? true) && (
          <button type="button" className="island-modal__close" aria-label={BUTTON.close} onClick={onClose}>×</button>
        )}
        {props.children}
      </div>
    </div>,
    document.body,
  );
}
