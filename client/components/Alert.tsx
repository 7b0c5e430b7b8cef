/** An inline alert with a title and message, dismissible. */
import { BUTTON } from '../lib/messages.ts';

export interface AlertProps {
  title: string;
  message: string;
  onDismiss?: () => void;
}

export function Alert({ title, message, onDismiss }: AlertProps) {
  return (
    <div className="island-alert" role="alert">
      <h3 className="island-alert__title">{title}</h3>
      <p className="island-alert__message">{message}</p>
      {onDismiss && <button type="button" className="island-alert__close" onClick={onDismiss}>{BUTTON.close}</button>}
    </div>
  );
}
