/**
 * A navigation link that is not a page's (Search, a social profile, another site, an email): its
 * label and address, typed to add one or change one in place. The server checks the address
 * (server/admin/navigation-link-input.ts) and its refusal is shown under the field it names.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import type { FieldErrors } from '../admin-api.ts';
import { Field } from '../Field.tsx';

export interface LinkWords { title: string; address: string }

export function NavigationLinkForm({ legend, initial, submitLabel, busy, errors, onSubmit, onCancel }: {
  legend: string;
  initial: LinkWords;
  submitLabel: string;
  busy: boolean;
  errors: FieldErrors;
  onSubmit: (words: LinkWords) => void;
  onCancel: () => void;
}) {
  const [words, setWords] = useState(initial);
  const first = useRef<HTMLInputElement>(null);
  // opened by a button: the label takes the focus, so the keyboard is where the typing goes
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(words);
  };
  return (
    <form className="admin-form admin-navigation-link-form" onSubmit={submit} noValidate>
      <fieldset disabled={busy}>
        <legend>{legend}</legend>
        <Field label={ADMIN.sitePages.linkTitle} error={errors.title}>
          {(control) => <input {...control} ref={first} value={words.title} maxLength={200} onChange={(event) => setWords({ ...words, title: event.target.value })} />}
        </Field>
        <Field label={ADMIN.sitePages.linkAddress} hint={ADMIN.sitePages.linkAddressHint} error={errors.address}>
          {(control) => <input {...control} inputMode="url" value={words.address} maxLength={2083} autoCapitalize="none" autoCorrect="off" spellCheck={false}
            onChange={(event) => setWords({ ...words, address: event.target.value })} />}
        </Field>
        <div className="admin-actions">
          <button type="submit">{busy ? ADMIN.saving : submitLabel}</button>
          <button type="button" onClick={onCancel}>{ADMIN.cancel}</button>
        </div>
      </fieldset>
    </form>
  );
}
