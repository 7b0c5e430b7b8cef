/**
 * Asks for the password again when the session ended under an open screen (a phone asleep past
 * the session's hours): a dialog over the screen, which stays as it was, typed edits and all.
 * Signed in again, the calls carry the new session's token and the owner saves as before.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import { adminCall, setSessionToken, SIGN_IN_PATH } from './admin-api.ts';
import { Field, Notice } from './Field.tsx';
import { reportSessionRestored } from './session-ended.ts';

export function SessionPrompt({ email, onSignedIn, onSignOut }: { email: string; onSignedIn: () => void; onSignOut: () => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '') {
      setError(ADMIN.enterPassword);
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    const answer = await adminCall<{ xsrfToken?: string }>('POST', SIGN_IN_PATH, { email, password });
    setBusy(false);
    if (answer.ok && typeof answer.data.xsrfToken === 'string') {
      setSessionToken(answer.data.xsrfToken);
      onSignedIn();
      reportSessionRestored();
      return;
    }
    setError(answer.ok ? ADMIN.requestFailed : answer.status === 401 ? ADMIN.signInFailed : answer.message);
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }

  return (
    <div className="admin-dialog-backdrop">
      <div className="admin-dialog" role="dialog" aria-modal="true" aria-labelledby="session-ended-title" aria-describedby="session-ended-text">
        <h2 id="session-ended-title">{ADMIN.sessionEndedTitle}</h2>
        <p id="session-ended-text">{ADMIN.sessionEnded}</p>
        <form onSubmit={submit} noValidate>
          {/* the same account: its email is shown, not typed (and tells a password manager which password) */}
          <Field label={ADMIN.email}>
            {(control) => <input {...control} type="email" name="email" autoComplete="username" value={email} readOnly />}
          </Field>
          <Field label={ADMIN.password}>
            {(control) => <input {...control} ref={passwordRef} type="password" name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />}
          </Field>
          <Notice text={error} kind="error" />
          <div className="admin-actions">
            <button type="submit" disabled={busy}>{busy ? ADMIN.signingIn : ADMIN.signIn}</button>
            <button type="button" onClick={onSignOut}>{ADMIN.signOut}</button>
          </div>
        </form>
      </div>
    </div>
  );
}
