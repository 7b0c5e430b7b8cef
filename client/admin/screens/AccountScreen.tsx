/** The signed-in owner's account: change the sign-in email or the password (the current password is asked again for either). */
import { useId, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { Field, Notice } from '../Field.tsx';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { ShowPasswordToggle, usePasswordShown } from '../ShowPasswordToggle.tsx';

export function AccountScreen({ email, onEmailChanged }: { email: string; onEmailChanged: (email: string) => void }) {
  const [emailForm, setEmailForm] = useState({ newEmail: '', currentPassword: '' });
  const [emailErrors, setEmailErrors] = useState<FieldErrors>({});
  const [emailNotice, setEmailNotice] = useScreenNotice();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const newPasswordId = useId();
  const newShown = usePasswordShown();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useScreenNotice();
  const [emailFormRef, focusEmailError] = useErrorFocus();
  const [passwordFormRef, focusPasswordError] = useErrorFocus();
  useUnsavedChanges([emailForm.newEmail, emailForm.currentPassword, currentPassword, newPassword].some((typed) => typed !== ''));

  async function changeEmail(event: FormEvent) {
    event.preventDefault();
    const answer = await adminCall<{ email: string; message: string }>('PUT', '/api/admin/account/email', emailForm);
    if (answer.ok) {
      setEmailErrors({});
      setEmailForm({ newEmail: '', currentPassword: '' });
      setEmailNotice({ text: answer.data.message, kind: 'info' });
      onEmailChanged(answer.data.email);
    } else {
      setEmailErrors(answer.fieldErrors);
      setEmailNotice(refusedNotice(answer, refusalText(answer)));
      focusEmailError();
    }
  }

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    const answer = await adminCall('PUT', '/api/admin/account/password', { currentPassword, newPassword });
    if (answer.ok) {
      setErrors({});
      setCurrent('');
      setNew('');
      // the next password typed here starts hidden again
      newShown.setShown(false);
      setNotice({ text: ADMIN.passwordChanged, kind: 'info' });
    } else {
      setErrors(answer.fieldErrors);
      setNotice(refusedNotice(answer, refusalText(answer)));
      focusPasswordError();
    }
  }

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">{ADMIN.screens.account}</h1>
      <p>{ADMIN.signInEmail.replace('{email}', email)}</p>
      <form className="admin-form" ref={emailFormRef} onSubmit={changeEmail} noValidate>
        <h2>{ADMIN.changeEmail}</h2>
        <Field label={ADMIN.newEmail} error={emailErrors.newEmail}>
          {(control) => <input {...control} type="email" autoComplete="email" value={emailForm.newEmail} onChange={(event) => setEmailForm({ ...emailForm, newEmail: event.target.value })} />}
        </Field>
        <Field label={ADMIN.currentPassword} error={emailErrors.currentPassword}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={emailForm.currentPassword} onChange={(event) => setEmailForm({ ...emailForm, currentPassword: event.target.value })} />}
        </Field>
        <Notice text={emailNotice.text} kind={emailNotice.kind} />
        <button type="submit">{ADMIN.changeEmail}</button>
      </form>
      <form className="admin-form" ref={passwordFormRef} onSubmit={changePassword} noValidate>
        <h2>{ADMIN.changePassword}</h2>
        <Field label={ADMIN.currentPassword} error={errors.currentPassword}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrent(event.target.value)} />}
        </Field>
        <Field label={ADMIN.newPassword} error={errors.newPassword} id={newPasswordId}>
          {(control) => <input {...control} type={newShown.type} autoComplete="new-password" value={newPassword} onChange={(event) => setNew(event.target.value)} />}
        </Field>
        <ShowPasswordToggle shown={newShown.shown} onChange={newShown.setShown} controls={[newPasswordId]} />
        <Notice text={notice.text} kind={notice.kind} />
        <button type="submit">{ADMIN.changePassword}</button>
      </form>
    </section>
  );
}
