/** Block fields: the text of each area the shop's template leaves for the owner's content (`<squarespace:block-field>`). */
import { useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { Field, Notice } from '../Field.tsx';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { useCall } from '../use-call.ts';

interface BlockField { id: string; label?: string | null; collectionTitle?: string | null; text: string; inTemplate: boolean; holdsHtml: boolean }

/** A field's name for the owner: the template's label for it (else its id), and the collection it is for. */
function nameOf(field: BlockField): string {
  const name = field.label || field.id;
  return field.collectionTitle ? ADMIN.blockFields.ofCollection(name, field.collectionTitle) : name;
}

function BlockFieldForm({ field, canEdit, onSaved }: { field: BlockField; canEdit: boolean; onSaved: (text: string) => void }) {
  const [text, setText] = useState(field.text);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useScreenNotice();
  const changed = text !== field.text;
  useUnsavedChanges(changed);

  async function save(event: FormEvent) {
    event.preventDefault();
    const answer = await adminCall<{ field: { text: string }; message: string }>('PUT', `/api/admin/block-fields/${encodeURIComponent(field.id)}`, { text });
    if (answer.ok) {
      setErrors({});
      setText(answer.data.field.text);
      onSaved(answer.data.field.text);
      setNotice({ text: answer.data.message, kind: 'info' });
    } else {
      setErrors(answer.fieldErrors);
      setNotice(refusedNotice(answer));
    }
  }

  return (
    <form className="admin-form" onSubmit={save} noValidate data-block-field={field.id}>
      <h2>{nameOf(field)}</h2>
      {nameOf(field) !== field.id ? <p className="admin-hint">{ADMIN.blockFields.idIs(field.id)}</p> : null}
      {field.inTemplate ? null : <p className="admin-hint">{ADMIN.blockFields.notInTemplate}</p>}
      {field.holdsHtml ? <p className="admin-hint">{ADMIN.blockFields.holdsHtml}</p> : null}
      <Field label={ADMIN.blockFields.label(nameOf(field))} error={errors.text}>
        {(control) => <textarea {...control} rows={6} value={text} disabled={!canEdit} onChange={(event) => setText(event.target.value)} />}
      </Field>
      {canEdit ? <button type="submit" disabled={!changed}>{ADMIN.save}</button> : null}
      <Notice text={notice.text} kind={notice.kind} />
    </form>
  );
}

export function BlockFieldsScreen({ canEdit }: { canEdit: boolean }) {
  const { data, error, reload } = useCall<{ fields: BlockField[] }>('/api/admin/block-fields');
  return (
    <section aria-labelledby="block-fields-title">
      <h1 id="block-fields-title">{ADMIN.blockFields.title}</h1>
      <p>{ADMIN.blockFields.intro}</p>
      {canEdit ? null : <p className="admin-hint">{ADMIN.readOnlyRole}</p>}
      <Notice text={error} kind="error" />
      {data === null ? (error ? null : <p>{ADMIN.loading}</p>)
        : data.fields.length === 0 ? <p>{ADMIN.blockFields.none}</p>
          : data.fields.map((field) => <BlockFieldForm key={`${field.id}\u0000${field.text}`} field={field} canEdit={canEdit} onSaved={() => reload()} />)}
    </section>
  );
}
