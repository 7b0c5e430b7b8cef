/**
 * A form block (contact page and lightbox): client rules, then the server's
 * validation, a submission key and the save; locked with 'Submitting…' while
 * in flight; success redirects or shows the message and post-submit HTML.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormFields, fieldElementId } from '../components/FormFields.tsx';
import { Captcha, type CaptchaHandle } from '../components/Captcha.tsx';
import { api } from '../lib/api.ts';
import { API_PATHS } from '../lib/api-paths.ts';
import { BUTTON, FORM, formStatusMessage } from '../lib/messages.ts';
import { initialFormState, submissionValues, withoutError, type FormState } from '../lib/form-values.ts';
import { validateFormValues, type FormFieldDefinition, type FormFieldValue } from '../lib/rules.ts';
import { insertHtmlWithScripts } from '../lib/run-scripts.ts';
import { navigation } from '../lib/navigation.ts';
import { trackFormRender } from '../lib/tracking.ts';
import { readPageContext } from '../lib/page-context.ts';

export interface FormBlockForm {
  id: string;
  name?: string;
  fields: FormFieldDefinition[];
  parsedSubmissionMessage?: string;
  submissionHTML?: string;
  /** Run the scripts of the post-submit HTML (off unless the owner turns it on). */
  allowSubmissionScripts?: boolean;
  successRedirect?: string;
  parsedDisclaimerMessage?: string;
  captchaEnabled?: boolean;
  captchaTheme?: 'light' | 'dark';
  captchaAlignment?: 'left' | 'center' | 'right';
}

export interface FormPageFields {
  pageTitle?: string;
  pageId?: string;
  contentSource?: 'i' | 'c';
  pagePath?: string;
  pagePermissionTypeValue?: string | number;
}

export interface FormBlockProps {
  form: FormBlockForm;
  submitText?: string;
  page?: FormPageFields;
}

type Phase = 'editing' | 'submitting' | 'done';

function scrollHintFor(formElement: HTMLElement | null, firstErrorId: string | null): string | null {
  if (!formElement || !firstErrorId) return null;
  const target = Array.from(formElement.querySelectorAll('[data-field-id]'))
    .find((element) => element.getAttribute('data-field-id') === firstErrorId);
  if (!target) return null;
  const rect = target.getBoundingClientRect();
  if (rect.bottom < 0) return FORM.scrollUp;
  if (rect.top > window.innerHeight) return FORM.scrollDown;
  return null;
}

function errorsFromBody(body: Readonly<Record<string, unknown>> | null): Record<string, string> | null {
  const nested = body?.data as { errors?: unknown } | undefined;
  const raw = (body?.errors ?? nested?.errors) as unknown;
  if (typeof raw !== 'object' || raw === null) return null;
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') errors[key] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') errors[key] = value[0];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export default function FormBlock({ form, submitText, page }: FormBlockProps) {
  const [values, setValues] = useState<FormState>(() => initialFormState(form.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [scrollHint, setScrollHint] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [captchaToken, setCaptchaTokenState] = useState<string | null>(null);
  // After a failed submit the captcha is reset and its submit button waits for a new token.
  const [captchaLocked, setCaptchaLocked] = useState(false);
  const setCaptchaToken = (token: string | null): void => {
    setCaptchaTokenState(token);
    if (token) setCaptchaLocked(false);
  };
  const captchaRef = useRef<CaptchaHandle | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const postSubmitRef = useRef<HTMLDivElement>(null);
  const firstErrorRef = useRef<string | null>(null);

  useEffect(() => {
    trackFormRender(readPageContext(), form.id);
  }, [form.id]);

  useEffect(() => {
    setScrollHint(scrollHintFor(formRef.current, firstErrorRef.current));
  }, [errors]);

  useEffect(() => {
    if (phase === 'done' && form.submissionHTML && postSubmitRef.current) {
      insertHtmlWithScripts(postSubmitRef.current, form.submissionHTML, { runScripts: form.allowSubmissionScripts === true });
    }
  }, [phase, form.submissionHTML, form.allowSubmissionScripts]);

  const fail = (fieldErrors: Record<string, string>, overall: string): void => {
    firstErrorRef.current = form.fields.find((f) => fieldErrors[f.id])?.id ?? null;
    setErrors(fieldErrors);
    setMessage(overall);
    captchaRef.current?.reset();
    setCaptchaTokenState(null);
    if (form.captchaEnabled) setCaptchaLocked(true);
    setPhase('editing');
  };

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase !== 'editing') return;
    const clientErrors = validateFormValues(form.fields, values);
    if (Object.keys(clientErrors).length > 0) {
      firstErrorRef.current = form.fields.find((f) => clientErrors[f.id])?.id ?? null;
      setErrors(clientErrors);
      setMessage(FORM.invalidFields);
      return;
    }
    if (form.captchaEnabled && !captchaToken) {
      setErrors({});
      setMessage(FORM.completeCaptcha);
      return;
    }
    setErrors({});
    setMessage(null);
    setPhase('submitting');
    const submitted = submissionValues(form.fields, values, window.location.search);

    const validation = await api.post(API_PATHS.formValidate(form.id), submitted, { fallbackMessage: FORM.processingError });
    if (!validation.ok) {
      const serverErrors = errorsFromBody(validation.body);
      if (serverErrors) fail(serverErrors, FORM.invalidFields);
      else fail({}, formStatusMessage(validation.status) ?? validation.message);
      return;
    }
    const keyAnswer = await api.post<{ data?: { key?: string } }>(API_PATHS.formSubmissionKey);
    const key = keyAnswer.ok ? keyAnswer.data?.data?.key : undefined;
    if (!key) {
      fail({}, FORM.noSubmissionKey);
      return;
    }
    const save = await api.post(API_PATHS.formSave, {
      key,
      formId: form.id,
      form: JSON.stringify(submitted),
      ...(captchaToken ? { captchaKey: captchaToken } : {}),
      ...page,
    }, { fallbackMessage: FORM.unknownError });
    if (!save.ok) {
      const serverErrors = save.status === 400 ? errorsFromBody(save.body) : null;
      if (serverErrors) {
        fail(serverErrors, FORM.invalidFields);
        return;
      }
      const dataError = (save.body?.data as { error?: unknown } | undefined)?.error;
      const statusMessage = formStatusMessage(save.status);
      fail({}, statusMessage ?? (typeof dataError === 'string' ? dataError : save.status === 0 ? save.message : FORM.unknownError));
      return;
    }
    if (form.successRedirect) {
      navigation.assign(form.successRedirect);
      return;
    }
    setPhase('done');
  };

  const onChange = (fieldId: string, value: FormFieldValue): void => {
    setValues((current) => ({ ...current, [fieldId]: value }));
    setErrors((current) => withoutError(current, fieldId));
  };

  if (phase === 'done') {
    return (
      <div className="form-block form-submitted" id={fieldElementId(form.id, 'form')}>
        <div className="form-submission-text" role="status"
          dangerouslySetInnerHTML={{ __html: form.parsedSubmissionMessage || FORM.thankYou }} />
        <div className="form-submission-html" ref={postSubmitRef} />
      </div>
    );
  }
  const locked = phase === 'submitting';
  const isError = message !== null;
  return (
    <form ref={formRef} className="form-block" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={locked}
      aria-label={form.name ?? FORM.defaultFormName}>
      <FormFields formId={form.id} fields={form.fields} values={values} errors={errors} onChange={onChange} disabled={locked} />
      {form.parsedDisclaimerMessage && (
        <div className="form-disclaimer" dangerouslySetInnerHTML={{ __html: form.parsedDisclaimerMessage }} />
      )}
      {form.captchaEnabled && (
        <Captcha action="form_block" handleRef={captchaRef} onToken={setCaptchaToken}
          theme={form.captchaTheme} align={form.captchaAlignment} />
      )}
      {isError && <div className="form-message is-error" role="alert">{message}</div>}
      {isError && scrollHint && <div className="form-scroll-hint">{scrollHint}</div>}
      <button type="submit" className="form-submit" disabled={locked || captchaLocked}>
        {locked ? BUTTON.submitting : submitText ?? BUTTON.submit}
      </button>
    </form>
  );
}
