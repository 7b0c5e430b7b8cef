/**
 * A labelled input with its error under it: the label is visible, the error is tied to the input
 * by aria-describedby and marks it invalid, so keyboard and screen-reader users find both.
 */
import { useId, type ReactNode } from 'react';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
  /** The control's id, when another control names it (aria-controls); one is made otherwise. */
  id?: string;
}

export function Field({ label, error, hint, children, className, id: givenId }: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`admin-field${error ? ' admin-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint ? <small id={hintId} className="admin-hint">{hint}</small> : null}
      {error ? <span id={errorId} className="admin-field-error" role="alert">{error}</span> : null}
    </div>
  );
}

export function CheckboxField({ label, checked, onChange, error, hint }: { label: string; checked: boolean; onChange: (value: boolean) => void; error?: string; hint?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // the box is described by its hint and its error, as a text field is (Field above)
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`admin-field admin-field--checkbox${error ? ' admin-field--invalid' : ''}`}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)}
        {...(error ? { 'aria-invalid': true } : {})} {...(described ? { 'aria-describedby': described } : {})} />
      <label htmlFor={id}>{label}</label>
      {hint ? <small id={hintId} className="admin-hint">{hint}</small> : null}
      {error ? <span id={errorId} className="admin-field-error" role="alert">{error}</span> : null}
    </div>
  );
}

/** A status line that screen readers announce. */
export function Notice({ text, kind = 'info' }: { text: string; kind?: 'info' | 'error' }) {
  if (!text) return null;
  return <p className={`admin-notice admin-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>{text}</p>;
}
