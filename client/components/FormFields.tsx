/**
 * Renders form fields of every type as controlled inputs. Errors (client or
 * server) appear above each field's title, and the field's controls are marked
 * aria-invalid and described by the error (and the field's description); text
 * areas with a maximum length get the 'count / max' counter. After a refused
 * submit, `useFieldErrorFocus` moves the focus to the first marked field.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import type { FormFieldDefinition, FormFieldValue } from '../lib/rules.ts';
import { effectiveMaxLength } from '../lib/rules.ts';
import { FIELD_PART_SPOKEN_NAMES, FIELD_PARTS, LIKERT_SCALE, characterCounterText } from '../lib/messages.ts';
import { phonePartCount, type FormState } from '../lib/form-values.ts';
import { fieldKeyboard, partKeyboard } from '../lib/field-part-keyboards.ts';

export interface FormFieldsProps {
  formId: string;
  fields: readonly FormFieldDefinition[];
  values: FormState;
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: FormFieldValue) => void;
  disabled?: boolean;
  /**
   * The level of a section field's heading: one below the heading the form sits under (h2 on a
   * page under its h1; h3, the default, in a dialog titled by an h2), so none is skipped.
   */
  sectionHeading?: 'h2' | 'h3';
}

const SIMPLE_INPUT_TYPES: Readonly<Record<string, string>> = {
  text: 'text', email: 'email', number: 'number', currency: 'text', website: 'url', password: 'password', twitter: 'text',
};

/**
 * Fields answered in several controls (parts, options, questions): each control has a label of
 * its own, so the field's title names their group instead of labelling one of them twice.
 */
function isGroup(field: FormFieldDefinition): boolean {
  return partLabels(field).length > 0 || field.type === 'checkbox' || field.type === 'radio' || field.type === 'likert';
}

function partLabels(field: FormFieldDefinition): readonly string[] {
  if (field.type === 'phone') {
    const labels = FIELD_PARTS.phone;
    return phonePartCount(field) === 3 ? [labels[0], labels[1], `${labels[2]}-${labels[3]}`] : [labels[1], `${labels[2]}-${labels[3]}`];
  }
  if (field.type === 'name' || field.type === 'address' || field.type === 'date' || field.type === 'time') return FIELD_PARTS[field.type];
  return [];
}

export function fieldElementId(formId: string, fieldId: string): string {
  return `${formId}-${fieldId}`.replace(/[^A-Za-z0-9_-]/g, '-');
}

/**
 * Focuses the first control of `form` marked invalid (or, with none, its first alert), with its
 * field's error and title scrolled to the middle of the window: on a phone the first error may be
 * far above the button, and a button disabled while sending has dropped the focus.
 */
export function focusFirstInvalidField(form: HTMLElement): void {
  const target = form.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])') ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  // a message (no field of this form to mark) takes the focus without joining the Tab order
  if (!target.matches('input, select, textarea, button') && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  // the whole field, so its error above the title shows too (not in every test DOM)
  (target.closest<HTMLElement>('[data-field-id]') ?? target).scrollIntoView?.({ block: 'center' });
}

/**
 * The ref for a form of fields, and what to call with a refused submit's state updates: once they
 * are drawn (errors marked, controls enabled again), the focus goes to the first invalid field.
 */
export function useFieldErrorFocus(): [RefObject<HTMLFormElement | null>, () => void] {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0 && form.current) focusFirstInvalidField(form.current);
  }, [refusals]);
  const refused = useCallback(() => setRefusals((count) => count + 1), []);
  return [form, refused];
}

/** What marks a field's controls: invalid while it has an error, described by the error and the description. */
interface FieldMarks {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function FieldBody({ formId, field, value, onChange, disabled, marks }: {
  formId: string; field: FormFieldDefinition; value: FormFieldValue | undefined;
  onChange: (value: FormFieldValue) => void; disabled?: boolean; marks: FieldMarks;
}) {
  const id = fieldElementId(formId, field.id);
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  switch (field.type) {
    case 'textarea': {
      const max = effectiveMaxLength(field);
      const over = max !== null && text.length > max;
      return (
        <>
          <textarea id={id} name={field.id} value={text} placeholder={field.placeholder} disabled={disabled}
            {...marks} aria-invalid={over || marks['aria-invalid']}
            onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)} />
          {max !== null && (
            <span className={over ? 'char-counter is-over' : 'char-counter'} aria-live="polite">
              {characterCounterText(text.length, max)}
            </span>
          )}
        </>
      );
    }
    case 'name': case 'address': case 'date': case 'time': case 'phone': {
      const labels = partLabels(field);
      return (
        <div className="field-parts" role="group" aria-labelledby={`${id}-title`}>
          {labels.map((label, index) => (
            <label key={label} className="field-part">
              <span className="field-part__label">{label}</span>
              <input type="text" name={`${field.id}-${index}`} value={list[index] ?? ''} disabled={disabled}
                id={index === 0 ? id : undefined} aria-label={FIELD_PART_SPOKEN_NAMES[field.type]?.[label]} {...partKeyboard(field, index)} {...marks}
                onChange={(e) => {
                  const next = labels.map((_, i) => list[i] ?? '');
                  next[index] = e.target.value;
                  onChange(next);
                }} />
            </label>
          ))}
        </div>
      );
    }
    case 'checkbox':
      return (
        <div className="field-options" role="group" aria-labelledby={`${id}-title`}>
          {(field.options ?? []).map((option) => (
            <label key={option} className="field-option">
              <input type="checkbox" name={field.id} value={option} checked={list.includes(option)} disabled={disabled} {...marks}
                onChange={(e) => onChange(e.target.checked ? [...list, option] : list.filter((v) => v !== option))} />
              {option}
            </label>
          ))}
        </div>
      );
    case 'radio':
      return (
        <div className="field-options" role="radiogroup" aria-labelledby={`${id}-title`}>
          {(field.options ?? []).map((option) => (
            <label key={option} className="field-option">
              <input type="radio" name={`${formId}-${field.id}`} value={option} checked={text === option} disabled={disabled} {...marks}
                onChange={() => onChange(option)} />
              {option}
            </label>
          ))}
        </div>
      );
    case 'select':
      return (
        <select id={id} name={field.id} value={text} disabled={disabled} {...marks} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder ?? ''}</option>
          {(field.options ?? []).map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      );
    case 'likert': {
      const answers = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
      return (
        <div className="field-likert" role="group" aria-labelledby={`${id}-title`}>
          {(field.questions ?? []).map((question) => (
            <fieldset key={question} className="likert-question">
              <legend>{question}</legend>
              {LIKERT_SCALE.map(([score, label]) => (
                <label key={score} className="likert-answer">
                  <input type="radio" name={`${formId}-${field.id}-${question}`} value={score} disabled={disabled} {...marks}
                    checked={answers[question] === score} onChange={() => onChange({ ...answers, [question]: score })} />
                  {label}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      );
    }
    default:
      return (
        <input id={id} type={SIMPLE_INPUT_TYPES[field.type] ?? 'text'} name={field.id} value={text} disabled={disabled}
          placeholder={field.placeholder} {...fieldKeyboard(field)} {...marks}
          onChange={(e) => onChange(e.target.value)} />
      );
  }
}

export function FormFields({ formId, fields, values, errors, onChange, disabled, sectionHeading: SectionHeading = 'h3' }: FormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        if (field.type === 'hidden') return null;
        const id = fieldElementId(formId, field.id);
        if (field.type === 'section') {
          return (
            <div key={field.id} className="form-section">
              <SectionHeading>{field.title}</SectionHeading>
              {field.description && <p>{field.description}</p>}
            </div>
          );
        }
        const error = errors[field.id];
        const describedBy = [error ? `${id}-error` : '', field.description ? `${id}-description` : ''].filter(Boolean).join(' ');
        const marks: FieldMarks = {
          ...(error ? { 'aria-invalid': true } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        };
        const title = (
          <>
            {field.title}
            {field.required && <span className="field-required" aria-hidden="true"> *</span>}
          </>
        );
        return (
          <div key={field.id} className={error ? 'form-field has-error' : 'form-field'} data-field-id={field.id}>
            {/* not an alert of its own: five fields' "Required" were read out one after another with no
                field named; the form's message is the alert, and each field's error is read with it,
                by aria-describedby, when the focus reaches it (the first such field takes it) */}
            {error && <div className="field-error" id={`${id}-error`}>{error}</div>}
            {isGroup(field)
              ? <span className="field-title" id={`${id}-title`}>{title}</span>
              : <label className="field-title" id={`${id}-title`} htmlFor={id}>{title}</label>}
            {field.description && <p className="field-description" id={`${id}-description`}>{field.description}</p>}
            <FieldBody formId={formId} field={field} value={values[field.id]} disabled={disabled} marks={marks}
              onChange={(value) => onChange(field.id, value)} />
          </div>
        );
      })}
    </>
  );
}
