/**
 * Renders form fields of every type as controlled inputs. Errors (client or
 * server) appear above each field's title; text areas with a maximum length
 * get the 'count / max' counter.
 */
import type { ChangeEvent } from 'react';
import type { FormFieldDefinition, FormFieldValue } from '../lib/rules.ts';
import { effectiveMaxLength } from '../lib/rules.ts';
import { FIELD_PARTS, LIKERT_SCALE, characterCounterText } from '../lib/messages.ts';
import { phonePartCount, type FormState } from '../lib/form-values.ts';

export interface FormFieldsProps {
  formId: string;
  fields: readonly FormFieldDefinition[];
  values: FormState;
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: FormFieldValue) => void;
  disabled?: boolean;
}

const SIMPLE_INPUT_TYPES: Readonly<Record<string, string>> = {
  text: 'text', email: 'email', number: 'number', currency: 'text', website: 'url', password: 'password', twitter: 'text',
};

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

function FieldBody({ formId, field, value, onChange, disabled }: {
  formId: string; field: FormFieldDefinition; value: FormFieldValue | undefined;
  onChange: (value: FormFieldValue) => void; disabled?: boolean;
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
            aria-invalid={over || undefined} onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)} />
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
        <div className="field-parts">
          {labels.map((label, index) => (
            <label key={label} className="field-part">
              <span className="field-part__label">{label}</span>
              <input type="text" name={`${field.id}-${index}`} value={list[index] ?? ''} disabled={disabled}
                id={index === 0 ? id : undefined}
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
              <input type="checkbox" name={field.id} value={option} checked={list.includes(option)} disabled={disabled}
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
              <input type="radio" name={`${formId}-${field.id}`} value={option} checked={text === option} disabled={disabled}
                onChange={() => onChange(option)} />
              {option}
            </label>
          ))}
        </div>
      );
    case 'select':
      return (
        <select id={id} name={field.id} value={text} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder ?? ''}</option>
          {(field.options ?? []).map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      );
    case 'likert': {
      const answers = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
      return (
        <div className="field-likert">
          {(field.questions ?? []).map((question) => (
            <fieldset key={question} className="likert-question">
              <legend>{question}</legend>
              {LIKERT_SCALE.map(([score, label]) => (
                <label key={score} className="likert-answer">
                  <input type="radio" name={`${formId}-${field.id}-${question}`} value={score} disabled={disabled}
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
          placeholder={field.placeholder} autoComplete={field.type === 'email' ? 'email' : undefined}
          onChange={(e) => onChange(e.target.value)} />
      );
  }
}

export function FormFields({ formId, fields, values, errors, onChange, disabled }: FormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        if (field.type === 'hidden') return null;
        const id = fieldElementId(formId, field.id);
        if (field.type === 'section') {
          return (
            <div key={field.id} className="form-section">
              <h3>{field.title}</h3>
              {field.description && <p>{field.description}</p>}
            </div>
          );
        }
        const error = errors[field.id];
        return (
          <div key={field.id} className={error ? 'form-field has-error' : 'form-field'} data-field-id={field.id}>
            {error && <div className="field-error" role="alert">{error}</div>}
            <label className="field-title" id={`${id}-title`} htmlFor={id}>
              {field.title}
              {field.required && <span className="field-required" aria-hidden="true"> *</span>}
            </label>
            {field.description && <p className="field-description">{field.description}</p>}
            <FieldBody formId={formId} field={field} value={values[field.id]} disabled={disabled}
              onChange={(value) => onChange(field.id, value)} />
          </div>
        );
      })}
    </>
  );
}
