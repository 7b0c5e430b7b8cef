import { FORM, PAYLOAD } from '../../client/lib/messages.ts';
import type { FormFieldDefinition, FormFieldValue } from '../../client/lib/validation.ts';
import { parseFormDefinition } from '../api/form-definition.ts';
import { checkFieldValues } from '../api/form-field-values.ts';
import type { StoredForm } from '../db/form-submission-repository.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { CART_LIMITS } from './cart-limits.ts';

/** The longest answer part a field takes: its own character limit when it has one, never more than the cap. */
function lengthLimit(field: FormFieldDefinition): number {
  const own = Number(field.maxLength);
  return Number.isInteger(own) && own > 0 ? Math.min(own, CART_LIMITS.answerLength) : CART_LIMITS.answerLength;
}

function answerParts(value: FormFieldValue): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value;
  return Object.values(value);
}

function refuse(errors: Record<string, string>): never {
  throw new HttpError(400, FORM.invalidFields, { errors });
}

/**
 * No answers sent: refused, field by field as a partial answer is, when the form has a field it
 * requires, so a call cannot skip what the product page's form asks for; null (nothing to keep)
 * when the product has no form or none of its fields is required.
 */
function checkNoAnswers(form: StoredForm | null): null {
  const definition = form ? parseFormDefinition(form.id, form.name, form.definitionJson) : null;
  if (!definition) return null;
  const check = checkFieldValues(definition.fields, {});
  const errors: Record<string, string> = { ...check.shapeErrors, ...check.ruleErrors };
  if (Object.keys(errors).length > 0) refuse(errors);
  return null;
}

/**
 * Reads the extra-field answers of a cart entry (JSON text) against the product's form and returns
 * the text to store: only the form's fields, each in its type's shape, choices among the offered
 * ones, every part within its length, the required ones answered (sent or not). A product without
 * a form takes no answers, so nothing a visitor sends beyond the form's fields is ever kept or
 * rendered into the cart page.
 */
export function readExtraFieldAnswers(form: StoredForm | null, text: string): string;
export function readExtraFieldAnswers(form: StoredForm | null, text: string | null | undefined): string | null;
export function readExtraFieldAnswers(form: StoredForm | null, text: string | null | undefined): string | null {
  if (text === null || text === undefined) return checkNoAnswers(form);
  const definition = form ? parseFormDefinition(form.id, form.name, form.definitionJson) : null;
  if (!definition) throw new HttpError(400, serverMessages.extraFieldsNotAccepted);
  let submitted: unknown;
  try {
    submitted = JSON.parse(text);
  } catch {
    throw new HttpError(400, PAYLOAD.additionalFieldsNotJson);
  }
  if (submitted === null || typeof submitted !== 'object' || Array.isArray(submitted)) {
    throw new HttpError(400, FORM.cannotParseFields);
  }
  const check = checkFieldValues(definition.fields, submitted as Record<string, unknown>);
  const errors: Record<string, string> = { ...check.shapeErrors, ...check.ruleErrors };
  for (const field of definition.fields) {
    const value = check.values[field.id];
    if (errors[field.id] || value === undefined) continue;
    const limit = lengthLimit(field);
    if (answerParts(value).some((part) => part.length > limit)) errors[field.id] = FORM.characterLimit;
  }
  if (Object.keys(errors).length > 0) refuse(errors);
  const stored = JSON.stringify(check.values);
  if (Buffer.byteLength(stored) > CART_LIMITS.entryAnswerBytes) throw new HttpError(400, serverMessages.cartAnswersTooLong);
  return stored;
}
