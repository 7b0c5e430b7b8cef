/**
 * A form block (contact page and lightbox): client rules, then the captcha (an
 * answer typed in it is verified as the form is sent), the server's validation,
 * a submission key and the save; locked with 'Submitting…' while in flight; a
 * refusal moves the focus to the first invalid field (or the message); success
 * redirects or shows the message (focused) and post-submit HTML. The form
 * posts nowhere by itself: its button works once the island has hydrated, and
 * without scripts a <noscript> line says the form needs them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormFields, fieldElementId, useFieldErrorFocus } from '../components/FormFields.tsx';
import { Captcha, type CaptchaHandle } from '../components/Captcha.tsx';
import { api } from '../lib/api.ts';
import { API_PATHS } from '../lib/api-paths.ts';
import { BUTTON, FORM, SCRIPT_NEEDED, formStatusMessage } from '../lib/messages.ts';
import { useHydrated } from '../lib/hydrated.ts';
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
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle | null>(null);
  // The focus goes to the first invalid field (else the message) once a refusal is drawn; declared
  // before the scroll hint's effect, so the hint measures the field where the scroll has put it.
  const [formRef, refused] = useFieldErrorFocus();
  const postSubmitRef = useRef<HTMLDivElement>(null);
  const submittedRef = useRef<HTMLDivElement>(null);
  const firstErrorRef = useRef<string | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    trackFormRender(readPageContext(), form.id);
  }, [form.id]);

  useEffect(() => {
    setScrollHint(scrollHintFor(formRef.current, firstErrorRef.current));
  }, [errors, formRef]);

  useEffect(() => {
    if (phase !== 'done') return;
    if (form.submissionHTML && postSubmitRef.current) {
      insertHtmlWithScripts(postSubmitRef.current, form.submissionHTML, { runScripts: form.allowSubmissionScripts === true });
    }
    // the button that had the focus is gone with the form: the message takes it
    submittedRef.current?.focus();
  }, [phase, form.submissionHTML, form.allowSubmissionScripts]);

  const fail = (fieldErrors: Record<string, string>, overall: string): void => {
    firstErrorRef.current = form.fields.find((f) => fieldErrors[f.id])?.id ?? null;
    setErrors(fieldErrors);
    setMessage(overall);
    captchaRef.current?.reset();
    setCaptchaToken(null);
    setPhase('editing');
    refused();
  };

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase !== 'editing') return;
    const clientErrors = validateFormValues(form.fields, values);
    if (Object.keys(clientErrors).length > 0) {
      firstErrorRef.current = form.fields.find((f) => clientErrors[f.id])?.id ?? null;
      setErrors(clientErrors);
      setMessage(FORM.invalidFields);
      refused();
      return;
    }
    setErrors({});
    setMessage(null);
    setPhase('submitting');
    let token = captchaToken;
    if (form.captchaEnabled && !token) {
      // the answer typed in the captcha is checked now, so sending is one step
      const verified = await captchaRef.current?.verify();
      if (!verified?.ok) {
        setMessage(verified?.message ?? FORM.completeCaptcha);
        setPhase('editing');
        captchaRef.current?.focus();
        return;
      }
      token = verified.token;
    }
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
      ...(token ? { captchaKey: token } : {}),
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
        <div className="form-submission-text" role="status" tabIndex={-1} ref={submittedRef}
          dangerouslySetInnerHTML={{ __html: form.parsedSubmissionMessage || FORM.thankYou }} />
        <div className="form-submission-html" ref={postSubmitRef} />
      </div>
    );
  }
  const locked = phase === 'submitting';
  const isError = message !== null;
  return (
    // POST and a button that works only once hydrated: no answer (a password field's included) ever lands in the URL.
    <form ref={formRef} className="form-block" method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={locked}
      aria-label={form.name ?? FORM.defaultFormName}>
      {/* the form sits under its page's h1, so its sections are h2 */}
      <FormFields formId={form.id} fields={form.fields} values={values} errors={errors} onChange={onChange} disabled={locked} sectionHeading="h2" />
      {form.parsedDisclaimerMessage && (
        <div className="form-disclaimer" dangerouslySetInnerHTML={{ __html: form.parsedDisclaimerMessage }} />
      )}
      {form.captchaEnabled && (
        <Captcha action="form_block" handleRef={captchaRef} onToken={setCaptchaToken}
          theme={form.captchaTheme} align={form.captchaAlignment} />
      )}
      {isError && <div className="form-message is-error" role="alert" tabIndex={-1}>{message}</div>}
      {isError && scrollHint && <div className="form-scroll-hint">{scrollHint}</div>}
      <noscript><p className="form-noscript">{SCRIPT_NEEDED.form}</p></noscript>
      <button type="submit" className="form-submit" disabled={!hydrated || locked}>
        {locked ? BUTTON.submitting : submitText ?? BUTTON.submit}
      </button>
    </form>
  );
}
