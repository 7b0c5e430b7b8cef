/**
 * An inline alert with a title and message, dismissible. Its Close button goes away with it, so
 * the focus is first handed to what the alert is about (returnFocusTo: the field to correct, the
 * control that raised it); left on the removed button, it would fall back to the page's start.
 * The title is bold text, not a heading: an island cannot know the heading levels of the page
 * around it (an h3 right under the product's h1 skips a level), and role="alert" already has the
 * title and message read out when it shows.
 */
import { BUTTON } from '../lib/messages.ts';

/** A dismissible alert says where the focus goes when Close is used, as the Close button is removed with it. */
export type AlertProps = { title: string; message: string } & (
  | { onDismiss?: undefined; returnFocusTo?: undefined }
  | { onDismiss: () => void; returnFocusTo: () => HTMLElement | null | undefined }
);

export function Alert({ title, message, onDismiss, returnFocusTo }: AlertProps) {
  const close = (): void => {
    returnFocusTo?.()?.focus();
    onDismiss?.();
  };
  return (
    <div className="island-alert" role="alert">
      <p className="island-alert__title"><strong>{title}</strong></p>
      <p className="island-alert__message">{message}</p>
      {onDismiss && <button type="button" className="island-alert__close" onClick={close}>{BUTTON.close}</button>}
    </div>
  );
}
