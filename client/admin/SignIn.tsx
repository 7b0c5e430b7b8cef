/** The owner's sign-in at /config: email and password, a success loads the admin afresh; or the way to a forgotten password. */
import { useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '../lib/hydrated.ts';
import { ADMIN } from '../lib/admin-messages.ts';
import { adminCall, SIGN_IN_PATH } from './admin-api.ts';
import { Field, Notice } from './Field.tsx';
import { ForgotPassword } from './ForgotPassword.tsx';

export function SignIn({ siteTitle, canEmailResetLinks }: { siteTitle: string; canEmailResetLinks: boolean }) {
  const [forgot, setForgot] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // until the script runs, the button stays off: a plain form submit would put the password in the URL
  const ready = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // a field left empty is said here, at the field, rather than in the server's words for the call
    const empty = email.trim() === '' ? { message: ADMIN.enterEmail, field: emailRef } : password === '' ? { message: ADMIN.enterPassword, field: passwordRef } : null;
    if (empty !== null) {
      setError(empty.message);
      empty.field.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    const answer = await adminCall('POST', SIGN_IN_PATH, { email, password });
    if (answer.ok) {
      // the page is rendered again with the account's screens and its session token
      window.location.reload();
      return;
    }
    setBusy(false);
    setError(answer.status === 401 ? ADMIN.signInFailed : answer.message);
    // the button was off while asking, which dropped the focus to the page: back to the password, to type it again
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }

  return (
    <main className="admin-signin">
      <h1>{ADMIN.signInTitle}</h1>
      {siteTitle ? <p className="admin-hint">{siteTitle}</p> : null}
      {forgot ? <ForgotPassword canEmail={canEmailResetLinks} initialEmail={email} onBack={() => setForgot(false)} /> : (
        <form onSubmit={submit} noValidate>
          <Field label={ADMIN.email}>
            {(control) => <input {...control} ref={emailRef} type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} required />}
          </Field>
          <Field label={ADMIN.password}>
            {(control) => <input {...control} ref={passwordRef} type="password" name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />}
          </Field>
          <Notice text={error} kind="error" />
          <button type="submit" disabled={busy || !ready}>{busy ? ADMIN.signingIn : ADMIN.signIn}</button>
          <p><button type="button" className="admin-link" disabled={!ready} onClick={() => setForgot(true)}>{ADMIN.forgotPassword}</button></p>
        </form>
      )}
    </main>
  );
}
