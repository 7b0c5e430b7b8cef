/**
 * Validation rules and zod schemas shared by the islands and the server.
 * Every rule here is pure: the same input gives the same message on both sides.
 */
import { z } from 'zod';
import {
  ADD_TO_CART, FORM, RESTOCK, emailNotValidMessage, selectOptionsMessage,
} from './messages.ts';

// ----------------------------------------------------------------- quantity

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;

export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Quantity as typed: must be numeric, then whole. */
export function parseQuantity(raw: string | number): RuleResult<number> {
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (text === '' || !Number.isFinite(Number(text))) return { ok: false, message: ADD_TO_CART.quantityNotNumber };
  const value = Number(text);
  if (!Number.isInteger(value)) return { ok: false, message: ADD_TO_CART.quantityNotWhole };
  return { ok: true, value };
}

const quantitySchema = z
  .number({ error: ADD_TO_CART.quantityNotNumber })
  .int({ error: ADD_TO_CART.quantityNotWhole })
  .min(QUANTITY_MIN, { error: `Quantity must be at least ${QUANTITY_MIN}.` })
  .max(QUANTITY_MAX, { error: `Quantity must be at most ${QUANTITY_MAX}.` });

/** True when the text parses as JSON. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const additionalFieldsSchema = z
  .string()
  .max(100_000)
  .refine(isJsonText, { error: 'additionalFields must be a JSON string.' });

// ---------------------------------------------------------------- cart calls

/** POST /api/commerce/shopping-cart/entries */
export const addToCartPayloadSchema = z.object({
  itemId: z.string().min(1, { error: 'itemId is required.' }).max(64),
  sku: z.string().min(1, { error: 'sku is required.' }).max(64),
  quantity: quantitySchema,
  additionalFields: additionalFieldsSchema.nullish(),
});
export type AddToCartPayload = z.infer<typeof addToCartPayloadSchema>;

/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields */
export const updateAdditionalFieldsPayloadSchema = z.object({
  itemId: z.string().min(1).max(64),
  sku: z.string().min(1).max(64),
  additionalFields: additionalFieldsSchema,
});
export type UpdateAdditionalFieldsPayload = z.infer<typeof updateAdditionalFieldsPayloadSchema>;

/** Quantity change of one cart entry (cart page). */
export const updateQuantityPayloadSchema = z.object({
  quantity: z
    .number({ error: ADD_TO_CART.quantityNotNumber })
    .int({ error: ADD_TO_CART.quantityNotWhole })
    .min(0)
    .max(QUANTITY_MAX),
});
export type UpdateQuantityPayload = z.infer<typeof updateQuantityPayloadSchema>;

/** POST /api/3/commerce/cart/subscription (same whole-number message). */
export const subscriptionPayloadSchema = z.object({
  itemId: z.string().min(1).max(64),
  sku: z.string().min(1).max(64),
  qty: quantitySchema,
  additionalFields: additionalFieldsSchema.nullish(),
});
export type SubscriptionPayload = z.infer<typeof subscriptionPayloadSchema>;

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
export const EMAIL_MAX_LENGTH = 256;
/** Local part, @, a dotted domain, and a final label of 2 to 4 letters or digits. */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z0-9]{2,4}$/;

export function isValidEmail(email: string): boolean {
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The restock form's email rule: blank, then pattern. */
export function restockEmailError(email: string): string | null {
  if (email.trim() === '') return RESTOCK.emailBlank;
  if (!isValidEmail(email.trim())) return RESTOCK.emailInvalid;
  return null;
}

/** POST /api/site-users/account/notifications/restock */
export const restockPayloadSchema = z
  .object({
    productId: z.string().min(1).max(64),
    variantId: z.string().min(1).max(64),
    siteVisitorEmail: z
      .string({ error: RESTOCK.emailBlank })
      .trim()
      .min(1, { error: RESTOCK.emailBlank })
      .refine((email) => email === '' || isValidEmail(email), { error: RESTOCK.emailInvalid }),
    isJoinMailingList: z.boolean().default(false),
    captchaToken: z.string().max(4096).optional(),
    recaptchaEnterpriseV3Token: z.string().max(4096).optional(),
    language: z.string().max(16).optional(),
  });
export type RestockPayload = z.infer<typeof restockPayloadSchema>;

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
  return null;
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

const formFieldValueSchema: z.ZodType<FormFieldValue> = z.union([
  z.string().max(100_000),
  z.array(z.string().max(10_000)).max(200),
  z.record(z.string().max(1000), z.string().max(1000)),
]);

/** POST /api/rest/forms/validate/{formId}: values keyed by field id. */
export const formValuesSchema = z.record(z.string().min(1).max(128), formFieldValueSchema);

/** POST /api/form/SaveFormSubmission */
export const formSubmissionSchema = z.object({
  key: z.string().min(1).max(256),
  form: z.string().max(500_000).refine(isJsonText, { error: FORM.cannotParseFields }),
  captchaKey: z.string().max(4096).optional(),
  pageTitle: z.string().max(1000).optional(),
  pageId: z.string().max(128).optional(),
  contentSource: z.enum(['i', 'c']).optional(),
  pagePath: z.string().max(2048).optional(),
  pagePermissionTypeValue: z.union([z.string(), z.number()]).optional(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/** Newsletter sign-up: email plus optional captcha token. */
export const newsletterPayloadSchema = z.object({
  email: z.string().trim().refine(isValidEmail, { error: 'Please enter a valid email' }),
  captchaToken: z.string().max(4096).optional(),
});
export type NewsletterPayload = z.infer<typeof newsletterPayloadSchema>;
