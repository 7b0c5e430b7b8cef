import { FORM } from '../../client/lib/messages.ts';
import {
  validateFormValues, type FormFieldDefinition, type FormFieldValue,
} from '../../client/lib/validation.ts';

/** Normalised values of one submission keyed by field id, plus per-field errors. */
export interface FieldValuesCheck {
  values: Record<string, FormFieldValue>;
  /** Fields whose submitted value has the wrong shape or a choice the field does not offer. */
  shapeErrors: Record<string, string>;
  /** Rule failures (required, email, character limit, date). */
  ruleErrors: Record<string, string>;
}

const PART_TYPES = new Set(['address', 'name', 'date', 'time']);
const MAX_PARTS = 10;

function isStringList(value: unknown, max: number): value is string[] {
  return Array.isArray(value) && value.length <= max && value.every((part) => typeof part === 'string');
}

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((answer) => typeof answer === 'string');
}

/**
 * Brings one submitted value into the shape of its field type, or returns undefined when it
 * cannot be read. Absent values stay absent (the rules decide whether that is allowed).
 */
function normaliseValue(field: FormFieldDefinition, raw: unknown): FormFieldValue | undefined | null {
  if (raw === undefined || raw === null) return undefined;
  if (PART_TYPES.has(field.type)) return isStringList(raw, MAX_PARTS) ? raw : null;
  switch (field.type) {
    case 'phone':
      // three parts; a two-part number gets an empty country part in front
      if (!isStringList(raw, 3) || raw.length < 2) return null;
      return raw.length === 2 ? ['', ...raw] : raw;
    case 'checkbox':
      return isStringList(raw, 500) ? raw : null;
    case 'likert':
      return isStringMap(raw) ? raw : null;
    default:
      return typeof raw === 'string' ? raw : null;
  }
}

function offersChoice(field: FormFieldDefinition, value: FormFieldValue): boolean {
  const options = field.options;
  if (!options || options.length === 0) return true;
  if (field.type === 'radio' || field.type === 'select') return value === '' || options.includes(value as string);
  if (field.type === 'checkbox') return (value as string[]).every((choice) => options.includes(choice));
  if (field.type === 'likert' && field.questions && field.questions.length > 0) {
    return Object.keys(value as Record<string, string>).every((question) => field.questions!.includes(question));
  }
  return true;
}

/** [month, day, year] parts: all empty is "no date"; anything else must be a real calendar day. */
function dateError(value: FormFieldValue | undefined): string | null {
  if (!Array.isArray(value) || value.every((part) => part.trim() === '')) return null;
  const [month, day, year] = value.map((part) => Number(part.trim()));
  if (value.length < 3 || ![month, day, year].every(Number.isInteger)) return FORM.invalidDate;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? null : FORM.invalidDate;
}

/**
 * Reads submitted values against the form's fields: section fields are ignored, values of
 * unknown field ids are dropped, each value is checked for its type's shape, then the shared
 * rules run (the same ones the form island runs) and dates are checked.
 */
export function checkFieldValues(fields: readonly FormFieldDefinition[], submitted: Record<string, unknown>): FieldValuesCheck {
  const values: Record<string, FormFieldValue> = {};
  const shapeErrors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const value = normaliseValue(field, submitted[field.id]);
    if (value === null) shapeErrors[field.id] = FORM.cannotParseFields;
    else if (value !== undefined && !offersChoice(field, value)) shapeErrors[field.id] = FORM.cannotParseFields;
    else if (value !== undefined) values[field.id] = value;
  }
  const ruleErrors = validateFormValues(fields, values);
  for (const field of fields) {
    if (field.type !== 'date' || ruleErrors[field.id] || shapeErrors[field.id]) continue;
    const error = dateError(values[field.id]);
    if (error) ruleErrors[field.id] = error;
  }
  for (const id of Object.keys(shapeErrors)) delete ruleErrors[id];
  return { values, shapeErrors, ruleErrors };
}
