/** Staff, for the store's admins: who works on the store and in which role; add someone, change a role, give a new password, remove someone. */
import { useId, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { CardTableHead } from '../CardTableHead.tsx';
import { Field, Notice } from '../Field.tsx';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { TableRegion } from '../TableRegion.tsx';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { useCall } from '../use-call.ts';

interface Member { id: string; email: string; role: number; createdOn: number; you: boolean }
/** A generated password to pass on to the member who signs in with `email`. */
interface Handed { email: string; password: string }

/**
 * A role menu lists each role by its short name ("Store manager"); what the chosen one may do is said
 * under it and describes it. The whole of it in each option was cut off on a phone ("Store manager:
 * products, st…"), where a member's role menu is a card's width.
 */
function RoleSelect({ id, value, roles, onChange, label, describedBy }: { id?: string; value: number; roles: number[]; onChange: (role: number) => void; label?: string; describedBy?: string }) {
  return (
    <select id={id} aria-label={label} aria-describedby={describedBy} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {roles.map((role) => <option key={role} value={role}>{ADMIN.roleTitles[role] ?? String(role)}</option>)}
    </select>
  );
}

/** A member's role menu in the table, with what the role may do under it. */
function MemberRole({ member, roles, onChange }: { member: Member; roles: number[]; onChange: (role: number) => void }) {
  const summaryId = useId();
  return (
    <span className="admin-role">
      <RoleSelect value={member.role} roles={roles} label={`${ADMIN.role}: ${member.email}`} describedBy={summaryId} onChange={onChange} />
      <small id={summaryId} className="admin-hint">{ADMIN.roleSummaries[member.role] ?? ''}</small>
    </span>
  );
}

export function StaffScreen() {
  const { data, error, reload } = useCall<{ staff: Member[]; roles: number[] }>('/api/admin/staff');
  const [form, setForm] = useState({ email: '', role: 8 });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useScreenNotice();
  const [formRef, focusFirstError] = useErrorFocus();
  useUnsavedChanges(form.email.trim() !== '');
  // each generated password (a new member's, or a new one for a member who forgot theirs), kept
  // on screen with whose it is until dismissed or the screen is left, so adding a second member
  // does not hide the first one's; each on its own so it can be copied whole
  const [passwords, setPasswords] = useState<Handed[]>([]);
  const hand = (email: string, password: string) => setPasswords((list) => [...list.filter((one) => one.email !== email), { email, password }]);
  const dismiss = (email: string) => setPasswords((list) => list.filter((one) => one.email !== email));

  async function add(event: FormEvent) {
    event.preventDefault();
    // the password comes back only when the store cannot email the new member an invitation
    const answer = await adminCall<{ message: string; password?: string; member?: { email: string } }>('POST', '/api/admin/staff', form);
    if (answer.ok && answer.data.password) hand(answer.data.member?.email ?? form.email.trim(), answer.data.password);
    if (answer.ok) {
      setErrors({});
      setForm({ email: '', role: form.role });
      setNotice({ text: answer.data.message, kind: 'info' });
      reload();
    } else {
      setErrors(answer.fieldErrors);
      setNotice(refusedNotice(answer, refusalText(answer)));
      focusFirstError();
    }
  }

  async function changeRole(member: Member, role: number) {
    const answer = await adminCall<{ message: string }>('PUT', `/api/admin/staff/${encodeURIComponent(member.id)}`, { role });
    setNotice(answer.ok ? { text: answer.data.message, kind: 'info' } : refusedNotice(answer));
    reload();
  }

  // for a member who forgot theirs where the store cannot email a link
  async function newPassword(member: Member) {
    if (!window.confirm(ADMIN.confirmNewPassword.replace('{email}', member.email))) return;
    const answer = await adminCall<{ message: string; password: string }>('POST', `/api/admin/staff/${encodeURIComponent(member.id)}/password`);
    if (answer.ok) hand(member.email, answer.data.password);
    setNotice(answer.ok ? { text: answer.data.message, kind: 'info' } : refusedNotice(answer));
  }

  async function remove(member: Member) {
    if (!window.confirm(ADMIN.confirmRemoveStaff.replace('{email}', member.email))) return;
    const answer = await adminCall<{ message: string }>('DELETE', `/api/admin/staff/${encodeURIComponent(member.id)}`);
    // the account is gone, and its password with it
    if (answer.ok) dismiss(member.email);
    setNotice(answer.ok ? { text: answer.data.message, kind: 'info' } : refusedNotice(answer));
    reload();
  }

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">{ADMIN.screens.staff}</h1>
      <p>{ADMIN.staffIntro}</p>
      <Notice text={error} kind="error" />
      {data ? (
        <TableRegion label={ADMIN.screens.staff}>
          {/* on a phone each member is a card (admin.css); the roles are said outright so that the
              table drawn as blocks stays a table to screen readers */}
          <table role="table" className="admin-table admin-table--cards admin-staff">
            <CardTableHead columns={[ADMIN.staffEmail, ADMIN.role, <span className="admin-hidden">{ADMIN.memberActions}</span>]} />
            <tbody role="rowgroup">
              {data.staff.map((member) => (
                <tr role="row" key={member.id} data-staff={member.email}>
                  <td role="cell" data-label={ADMIN.staffEmail}>{member.email}{member.you ? ` ${ADMIN.you}` : ''}</td>
                  <td role="cell" data-label={ADMIN.role}>
                    {member.you
                      ? ADMIN.roleNames[member.role] ?? String(member.role)
                      : <MemberRole member={member} roles={data.roles} onChange={(role) => void changeRole(member, role)} />}
                  </td>
                  <td role="cell">
                    {member.you ? null : (
                      <span className="admin-actions">
                        <button type="button" aria-label={`${ADMIN.newPasswordFor}: ${member.email}`} onClick={() => void newPassword(member)}>{ADMIN.newPasswordFor}</button>
                        <button type="button" className="admin-danger" aria-label={`${ADMIN.remove} ${member.email}`} onClick={() => void remove(member)}>{ADMIN.remove}</button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : error ? null : <p>{ADMIN.loading}</p>}
      {data ? (
        <form className="admin-form" ref={formRef} onSubmit={add} noValidate>
          <h2>{ADMIN.addStaff}</h2>
          <Field label={ADMIN.staffEmail} error={errors.email}>
            {(control) => <input {...control} type="email" autoComplete="off" value={form.email} onChange={(event) => setForm({ ...form, email: event.target.value })} />}
          </Field>
          <Field label={ADMIN.role} error={errors.role} hint={ADMIN.roleSummaries[form.role]}>
            {(control) => <RoleSelect id={control.id} describedBy={control['aria-describedby']} value={form.role} roles={data.roles} onChange={(role) => setForm({ ...form, role })} />}
          </Field>
          <button type="submit">{ADMIN.add}</button>
        </form>
      ) : null}
      <Notice text={notice.text} kind={notice.kind} />
      {passwords.length > 0 ? (
        <ul aria-label={ADMIN.staffPasswords}>
          {passwords.map((one) => (
            <li key={one.email} data-password-for={one.email}>
              {ADMIN.staffPasswordOf.replace('{email}', one.email)} <code className="admin-secret">{one.password}</code>{' '}
              <button type="button" aria-label={ADMIN.dismissPasswordOf.replace('{email}', one.email)} onClick={() => dismiss(one.email)}>{ADMIN.dismiss}</button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
