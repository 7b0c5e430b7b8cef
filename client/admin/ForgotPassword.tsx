/**
 * "Forgot your password?" on the sign-in: the email the account signs in with, and a link to
 * choose a new password sent to it. A store without a mail server says what to do instead.
 */
import { useState, type FormEvent } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import { adminCall, type FieldErrors } from './admin-api.ts';
import { Field, Notice } from './Field.tsx';
import { useErrorFocus } from './refused-save.ts';

export function ForgotPassword({ canEmail, initialEmail, onBack }: { canEmail: boolean; initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [said, setSaid] = useState<{ text: string; kind: 'info' | 'error' }>({ text: '', kind: 'info' });
  const [formRef, focusFirstError] = useErrorFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await adminCall<{ message: string }>('POST', '/api/site-users/account/password-reset', { email });
    setBusy(false);
    setErrors(answer.ok ? {} : answer.fieldErrors);
    if (answer.ok) setSaid({ text: answer.data.message, kind: 'info' });
    else {
      // the one field's error says it all: no line by the button
      setSaid({ text: Object.keys(answer.fieldErrors).length > 0 ? '' : answer.message, kind: 'error' });
      focusFirstError();
    }
  }

  return (
    <>
      <h2>{ADMIN.forgotTitle}</h2>
      {canEmail ? (
        <form ref={formRef} onSubmit={submit} noValidate>
          <p className="admin-hint">{ADMIN.forgotIntro}</p>
          <Field label={ADMIN.email} error={errors.email}>
            {(control) => <input {...control} type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} required />}
          </Field>
          <Notice text={said.text} kind={said.kind} />
          <button type="submit" disabled={busy}>{busy ? ADMIN.sendingLink : ADMIN.sendLink}</button>
        </form>
      ) : (
        <div role="status">
          <p>{ADMIN.resetNoMail}</p>
          <p><code>{ADMIN.resetCommand.replace('{email}', email.trim() || ADMIN.email.toLowerCase())}</code></p>
        </div>
      )}
      <p><button type="button" className="admin-link" onClick={onBack}>{ADMIN.backToSignIn}</button></p>
    </>
  );
}
