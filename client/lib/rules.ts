/**
 * Pure validation rules shared by the islands and the server (no schema
 * library, so the browser bundle stays small). The zod schemas of the calls
 * are in validation.ts, which re-exports everything here.
 */
import { regexes } from 'zod/v4/core';
import {
  ADD_TO_CART, FORM, RESTOCK, emailNotValidMessage, selectOptionsMessage,
} from './messages.ts';

// ----------------------------------------------------------------- quantity

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;

export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A quantity as people type it: decimal digits, an optional minus and fraction. Number() also
 * reads hexadecimal, exponents, a plus sign and separators ("0x10", "1e3", "+3"), which are not
 * quantities anyone types and would let a call slip past what the form shows.
 */
const DECIMAL_QUANTITY = /^-?\d+(?:\.\d+)?$/;

/** Quantity as typed: must be a decimal number, then whole. */
export function parseQuantity(raw: string | number): RuleResult<number> {
  if (typeof raw === 'string' && !DECIMAL_QUANTITY.test(raw.trim())) return { ok: false, message: ADD_TO_CART.quantityNotNumber };
  const value = typeof raw === 'number' ? raw : Number(raw.trim());
  if (!Number.isFinite(value)) return { ok: false, message: ADD_TO_CART.quantityNotNumber };
  if (!Number.isInteger(value)) return { ok: false, message: ADD_TO_CART.quantityNotWhole };
  return { ok: true, value };
}

/** True when the text parses as JSON. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ variants

/** A variant as the islands see it. */
export interface VariantOption {
  sku: string;
  attributes: Readonly<Record<string, string>>;
  qtyInStock: number;
  unlimited: boolean;
}

/** Option names (in order) whose value is not chosen yet. */
export function missingOptions(
  optionNames: readonly string[],
  selected: Readonly<Record<string, string | undefined>>,
): string[] {
  return optionNames.filter((name) => !selected[name]);
}

/** The variant that matches every selected option, or null. */
export function findVariant<V extends VariantOption>(
  variants: readonly V[],
  optionNames: readonly string[],
  selected: Readonly<Record<string, string | undefined>>,
): V | null {
  return variants.find((v) => optionNames.every((name) => v.attributes[name] === selected[name])) ?? null;
}

/**
 * Whether choosing `value` for `optionName` can only lead to sold-out variants, given the
 * other options already chosen: every matching variant is limited with no stock left
 * (false when no variant matches at all, as that choice is not offered for sale anyway).
 */
export function isOptionValueSoldOut(
  variants: readonly VariantOption[],
  optionNames: readonly string[],
  selected: Readonly<Record<string, string | undefined>>,
  optionName: string,
  value: string,
): boolean {
  const matching = variants.filter((v) => v.attributes[optionName] === value
    && optionNames.every((name) => name === optionName || !selected[name] || v.attributes[name] === selected[name]));
  return matching.length > 0 && matching.every((v) => !v.unlimited && v.qtyInStock <= 0);
}

/** Stock is enough when unlimited, or when stock exceeds what the cart already holds. */
export function isStockEnough(stock: { unlimited: boolean; qtyInStock: number }, quantityInCart: number): boolean {
  return stock.unlimited || stock.qtyInStock > quantityInCart;
}

export type VariantCheck =
  | { ok: true; variant: VariantOption }
  | { ok: false; message: string };

/** The add-to-cart checks on the selection, in the spec's order. */
export function checkVariantSelection(
  variants: readonly VariantOption[],
  optionNames: readonly string[],
  selected: Readonly<Record<string, string | undefined>>,
): VariantCheck {
  const missing = missingOptions(optionNames, selected);
  if (missing.length > 0) return { ok: false, message: selectOptionsMessage(missing) };
  const variant = optionNames.length === 0 ? variants[0] ?? null : findVariant(variants, optionNames, selected);
  if (!variant) return { ok: false, message: ADD_TO_CART.variantUnavailable };
  if (!variant.unlimited && variant.qtyInStock <= 0) return { ok: false, message: ADD_TO_CART.notEnoughStock };
  return { ok: true, variant };
}

// ------------------------------------------------------------------- restock

export const EMAIL_MIN_LENGTH = 3;
/** Fewest characters of a new account password (the admin's Account screen, a reset link, the server). */
export const MIN_PASSWORD_LENGTH = 12;

export const EMAIL_MAX_LENGTH = 256;
/** Local part, @, a dotted domain, and a final label of 2 to 4 letters or digits. */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z0-9]{2,4}$/;

export function isValidEmail(email: string): boolean {
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * The newsletter's, checkout's and accounts' email rule: zod's email pattern, the one the
 * server's `z.email()` applies (imported alone, so zod itself stays out of the islands).
 * The restock sign-up keeps the specification's pattern above (a final label of 2–4 letters
 * or digits), as the platform does; `jane@linen.studio` passes this rule, not that one.
 */
export function isShopperEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && regexes.email.test(email);
}

/** The restock form's email rule: blank, then pattern. */
export function restockEmailError(email: string): string | null {
  if (email.trim() === '') return RESTOCK.emailBlank;
  if (!isValidEmail(email.trim())) return RESTOCK.emailInvalid;
  return null;
}

// --------------------------------------------------------------------- forms

export type FormFieldType =
  | 'text' | 'textarea' | 'email' | 'currency' | 'number' | 'website' | 'password' | 'twitter'
  | 'date' | 'time' | 'name' | 'address' | 'phone' | 'section'
  | 'radio' | 'checkbox' | 'select' | 'likert' | 'hidden';

export interface FormFieldDefinition {
  id: string;
  type: FormFieldType;
  title: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  /** Text areas only; 0 or a non-number means no limit. */
  maxLength?: number | string | null;
  /** radio, checkbox, select: the choices. likert: the answer scale is fixed. */
  options?: string[];
  /** likert: the statements. */
  questions?: string[];
  /** hidden: the key of the URL query parameter and its own value. */
  value?: string;
  /** hidden: the URL query parameter it reads (defaults to the title). */
  key?: string;
  showCountryCode?: boolean;
  currencySymbol?: string;
}

/** A submitted value: single text, list of parts / choices, or likert map. */
export type FormFieldValue = string | string[] | Record<string, string>;

/** Types whose emptiness is an error when required (likert never is). */
const REQUIRABLE: ReadonlySet<FormFieldType> = new Set<FormFieldType>([
  'text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter',
  'date', 'time', 'name', 'address', 'phone', 'radio', 'checkbox', 'select',
]);

function isEmptyValue(value: FormFieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((part) => part.trim() === '');
  return Object.keys(value).length === 0;
}

/** The max length of a text area, or null when there is no limit. */
export function effectiveMaxLength(field: Pick<FormFieldDefinition, 'maxLength'>): number | null {
  const max = typeof field.maxLength === 'string' ? Number(field.maxLength) : field.maxLength;
  if (typeof max !== 'number' || !Number.isFinite(max) || max <= 0) return null;
  return Math.floor(max);
}

/** One field's rule check: 'Required', character limit, email. Null when fine. */
export function validateFormField(field: FormFieldDefinition, value: FormFieldValue | undefined): string | null {
  const empty = isEmptyValue(value);
  if (field.required && empty && REQUIRABLE.has(field.type)) return FORM.required;
  if (empty) return null;
  if (field.type === 'textarea' && typeof value === 'string') {
    const max = effectiveMaxLength(field);
    if (max !== null && value.length > max) return FORM.characterLimit;
  }
  if (field.type === 'email' && typeof value === 'string' && !isValidEmail(value.trim())) {
    return emailNotValidMessage();
  }
  if (field.type === 'date' && Array.isArray(value) && !isValidDateParts(value)) return FORM.invalidDate;
  return null;
}

/** Date parts [month, day, year]: all present and a real calendar day. */
export function isValidDateParts(parts: readonly string[]): boolean {
  const [month, day, year] = parts.map((part) => Number(part.trim()));
  if (![month, day, year].every((n) => n !== undefined && Number.isInteger(n))) return false;
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1) return false;
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** Every field's error keyed by field id; empty when the form is valid. */
export function validateFormValues(
  fields: readonly FormFieldDefinition[],
  values: Readonly<Record<string, FormFieldValue | undefined>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'section' || field.type === 'hidden') continue;
    const message = validateFormField(field, values[field.id]);
    if (message) errors[field.id] = message;
  }
  return errors;
}
