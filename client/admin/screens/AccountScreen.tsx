/** The signed-in owner's account: change the password (the current one is asked again). */
import { useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { Field, Notice } from '../Field.tsx';

export function AccountScreen() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ text: string; kind: 'info' | 'error' }>({ text: '', kind: 'info' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await adminCall('PUT', '/api/admin/account/password', { currentPassword, newPassword });
    if (answer.ok) {
      setErrors({});
      setCurrent('');
      setNew('');
      setNotice({ text: ADMIN.passwordChanged, kind: 'info' });
    } else {
      setErrors(answer.fieldErrors);
      setNotice({ text: Object.keys(answer.fieldErrors).length > 0 ? ADMIN.fixErrors : answer.message, kind: 'error' });
    }
  }

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">{ADMIN.screens.account}</h1>
      <form className="admin-form" onSubmit={submit} noValidate>
        <h2>{ADMIN.changePassword}</h2>
        <Field label={ADMIN.currentPassword} error={errors.currentPassword}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrent(event.target.value)} />}
        </Field>
        <Field label={ADMIN.newPassword} error={errors.newPassword}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={newPassword} onChange={(event) => setNew(event.target.value)} />}
        </Field>
        <Notice text={notice.text} kind={notice.kind} />
        <button type="submit">{ADMIN.changePassword}</button>
      </form>
    </section>
  );
}
