/**
 * The page a password-reset email links to (/config/reset-password#token=…): the new password,
 * twice, with Show password to check both. The token is read from the address's fragment, which browsers never send to a server,
 * and goes to the server only with the new password.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import { MIN_PASSWORD_LENGTH } from '../lib/rules.ts';
import { adminCall, type FieldErrors } from './admin-api.ts';
import { Field, Notice } from './Field.tsx';
import { useErrorFocus } from './refused-save.ts';
import { ShowPasswordToggle, usePasswordShown } from './ShowPasswordToggle.tsx';

function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export function ResetPassword({ signInPath }: { signInPath: string }) {
  // the fragment exists only in the browser: the server's render shows the form without a token
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [formRef, focusFirstError] = useErrorFocus();
  const [passwordId, againId] = [useId(), useId()];
  const shown = usePasswordShown();

  useEffect(() => {
    setToken(tokenFromHash(window.location.hash));
    // the token has done its work once read: it does not stay in the address bar or history
    window.history.replaceState(null, '', window.location.pathname);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== again) {
      setErrors({ again: ADMIN.passwordsDiffer });
      focusFirstError();
      return;
    }
    setBusy(true);
    setError('');
    const answer = await adminCall<{ message: string }>('POST', '/api/site-users/account/password-reset/confirm', { token, newPassword: password });
    setBusy(false);
    if (answer.ok) {
      setDone(answer.data.message);
      return;
    }
    setErrors(answer.fieldErrors);
    setError(Object.keys(answer.fieldErrors).length > 0 ? '' : answer.message);
    focusFirstError();
  }

  return (
    <main className="admin-signin">
      <h1>{ADMIN.resetTitle}</h1>
      {done ? (
        <>
          <Notice text={done} />
          <p><a href={signInPath}>{ADMIN.signIn}</a></p>
        </>
      ) : token === '' ? (
        <>
          <p role="alert">{ADMIN.resetLinkMissing}</p>
          <p><a href={signInPath}>{ADMIN.backToSignIn}</a></p>
        </>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <p className="admin-hint">{ADMIN.resetIntro.replace('{min}', String(MIN_PASSWORD_LENGTH))}</p>
          <Field label={ADMIN.newPassword} error={errors.newPassword} id={passwordId}>
            {(control) => <input {...control} type={shown.type} name="new-password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} required />}
          </Field>
          <Field label={ADMIN.newPasswordAgain} error={errors.again} id={againId}>
            {(control) => <input {...control} type={shown.type} name="new-password-again" autoComplete="new-password" value={again} onChange={(event) => setAgain(event.target.value)} required />}
          </Field>
          <ShowPasswordToggle shown={shown.shown} onChange={shown.setShown} controls={[passwordId, againId]} />
          <Notice text={error} kind="error" />
          {error ? <p><a href={signInPath}>{ADMIN.backToSignIn}</a></p> : null}
          <button type="submit" disabled={busy || token === null}>{busy ? ADMIN.settingPassword : ADMIN.setPassword}</button>
        </form>
      )}
    </main>
  );
}
