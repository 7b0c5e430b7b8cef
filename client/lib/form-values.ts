/**
 * Form values as the islands hold them and as they are submitted: compound
 * fields are lists of parts, phone padded to three parts, checkbox a list,
 * radio the first checked value, likert a map, hidden read from the URL query
 * parameter of the same name, sections ignored.
 */
import type { FormFieldDefinition, FormFieldValue } from './rules.ts';

export type FormState = Record<string, FormFieldValue>;

const PART_COUNTS: Readonly<Partial<Record<FormFieldDefinition['type'], number>>> = {
  name: 2, address: 6, date: 3, time: 4,
};

export function phonePartCount(field: FormFieldDefinition): number {
  return field.showCountryCode ? 3 : 2;
}

export function initialFieldValue(field: FormFieldDefinition): FormFieldValue {
  const parts = field.type === 'phone' ? phonePartCount(field) : PART_COUNTS[field.type];
  if (parts !== undefined) return Array.from({ length: parts }, () => '');
  if (field.type === 'checkbox') return [];
  if (field.type === 'likert') return {};
  if (field.type === 'hidden') return field.value ?? '';
  return '';
}

export function initialFormState(fields: readonly FormFieldDefinition[], saved?: Readonly<Record<string, unknown>>): FormState {
  const state: FormState = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const previous = saved?.[field.id];
    state[field.id] = isFieldValue(previous) ? previous : initialFieldValue(field);
  }
  return state;
}

function isFieldValue(value: unknown): value is FormFieldValue {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.every((part) => typeof part === 'string');
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

/** The values to submit, keyed by field id, in the shapes of the spec. */
export function submissionValues(fields: readonly FormFieldDefinition[], state: Readonly<FormState>, search = ''): Record<string, FormFieldValue> {
  const query = new URLSearchParams(search);
  const out: Record<string, FormFieldValue> = {};
  for (const field of fields) {
    const value = state[field.id];
    switch (field.type) {
      case 'section':
        break;
      case 'hidden': {
        const fromQuery = query.get(field.key ?? field.title);
        out[field.id] = fromQuery ?? field.value ?? '';
        break;
      }
      case 'phone': {
        const parts = Array.isArray(value) ? [...value] : [];
        out[field.id] = parts.length === 2 ? ['', ...parts] : parts;
        break;
      }
      case 'radio':
        out[field.id] = Array.isArray(value) ? value[0] ?? '' : typeof value === 'string' ? value : '';
        break;
      default:
        out[field.id] = value ?? initialFieldValue(field);
    }
  }
  return out;
}

/** The errors without one field's entry (a field being edited drops its stale message). */
export function withoutError(errors: Readonly<Record<string, string>>, fieldId: string): Record<string, string> {
  if (!(fieldId in errors)) return errors as Record<string, string>;
  const next = { ...errors };
  delete next[fieldId];
  return next;
}
