/**
 * The extra-fields form of a product in a lightbox: the page gets an open
 * class while it shows, focus stays inside, and the form is destroyed on
 * close. Submitting hands the values (JSON text) to the caller; a refusal
 * moves the focus to the first invalid field (or the message).
 */
import { useState, type FormEvent } from 'react';
import { Modal } from './Modal.tsx';
import { FormFields, useFieldErrorFocus } from './FormFields.tsx';
import { BUTTON, FORM } from '../lib/messages.ts';
import { initialFormState, submissionValues, withoutError, type FormState } from '../lib/form-values.ts';
import { validateFormValues, type FormFieldDefinition, type FormFieldValue } from '../lib/rules.ts';

export const LIGHTBOX_OPEN_CLASS = 'sqs-lightbox-open';

export interface ExtraFieldsForm {
  id: string;
  name?: string;
  fields: FormFieldDefinition[];
  submitButtonText?: string;
}

export interface ExtraFieldsLightboxProps {
  form: ExtraFieldsForm;
  open: boolean;
  onClose: () => void;
  /** Resolves to an error message to show, or null when done. */
  onSubmit: (additionalFields: string) => Promise<string | null>;
  initialValues?: Readonly<Record<string, unknown>>;
  submitText?: string;
}

function LightboxForm({ form, onSubmit, initialValues, submitText }: Omit<ExtraFieldsLightboxProps, 'open' | 'onClose'>) {
  const [values, setValues] = useState<FormState>(() => initialFormState(form.fields, initialValues));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formRef, refused] = useFieldErrorFocus();

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    const found = validateFormValues(form.fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setMessage(FORM.invalidFields);
      refused();
      return;
    }
    setBusy(true);
    setMessage(null);
    const failure = await onSubmit(JSON.stringify(submissionValues(form.fields, values, window.location.search)));
    setBusy(false);
    if (failure) {
      setMessage(failure);
      refused();
    }
  };

  return (
    <form ref={formRef} className="extra-fields-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <FormFields formId={`extra-${form.id}`} fields={form.fields} values={values} errors={errors} disabled={busy}
        onChange={(id: string, value: FormFieldValue) => {
          setValues((current) => ({ ...current, [id]: value }));
          setErrors((current) => withoutError(current, id));
        }} />
      {message && <div className="form-message is-error" role="alert" tabIndex={-1}>{message}</div>}
      <button type="submit" className="form-submit" disabled={busy}>
        {busy ? BUTTON.submitting : submitText ?? form.submitButtonText ?? BUTTON.addToCart}
      </button>
    </form>
  );
}

export function ExtraFieldsLightbox(props: ExtraFieldsLightboxProps) {
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.form.name ?? FORM.defaultFormName}
      pageOpenClass={LIGHTBOX_OPEN_CLASS} className="extra-fields-lightbox">
      {props.open && (
        <LightboxForm form={props.form} onSubmit={props.onSubmit} initialValues={props.initialValues} submitText={props.submitText} />
      )}
    </Modal>
  );
}
