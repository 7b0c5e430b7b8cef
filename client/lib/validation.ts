/**
 * Validation shared by the islands and the server: the zod schemas of the
 * store's calls, built on the pure rules of rules.ts (re-exported here).
 */
import { z } from 'zod';
import { ADD_TO_CART, FORM, NEWSLETTER, PAYLOAD, RESTOCK } from './messages.ts';
import { EMAIL_MAX_LENGTH, QUANTITY_MAX, QUANTITY_MIN, isJsonText, isValidEmail, type FormFieldValue } from './rules.ts';

export * from './rules.ts';

// Number.isInteger rather than .int(): .int() also refuses unsafe integers such as 1e300, which
// would call a whole number "not whole"; the maximum answers those.
const wholeNumber = { error: () => ADD_TO_CART.quantityNotWhole };

const quantitySchema = z
  .number({ error: () => ADD_TO_CART.quantityNotNumber })
  .refine(Number.isInteger, wholeNumber)
  .min(QUANTITY_MIN, { error: PAYLOAD.quantityAtLeast(QUANTITY_MIN) })
  .max(QUANTITY_MAX, { error: PAYLOAD.quantityAtMost(QUANTITY_MAX) });

const additionalFieldsSchema = z
  .string()
  .max(100_000)
  .refine(isJsonText, { error: PAYLOAD.additionalFieldsNotJson });

// ---------------------------------------------------------------- cart calls

/** POST /api/commerce/shopping-cart/entries */
export const addToCartPayloadSchema = z.object({
  itemId: z.string().min(1, { error: PAYLOAD.itemIdRequired }).max(64),
  sku: z.string().min(1, { error: PAYLOAD.skuRequired }).max(64),
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
    .number({ error: () => ADD_TO_CART.quantityNotNumber })
    .refine(Number.isInteger, wholeNumber)
    // own messages: without them the number's "must be a number" error would answer for these too
    .min(0, { error: PAYLOAD.quantityAtLeast(0) })
    .max(QUANTITY_MAX, { error: PAYLOAD.quantityAtMost(QUANTITY_MAX) }),
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

/** POST /api/site-users/account/notifications/restock */
export const restockPayloadSchema = z
  .object({
    productId: z.string().min(1).max(64),
    variantId: z.string().min(1).max(64),
    siteVisitorEmail: z
      .string({ error: () => RESTOCK.emailBlank })
      .trim()
      .min(1, { error: () => RESTOCK.emailBlank })
      .refine((email) => email === '' || isValidEmail(email), { error: () => RESTOCK.emailInvalid }),
    isJoinMailingList: z.boolean().default(false),
    captchaToken: z.string().max(4096).optional(),
    recaptchaEnterpriseV3Token: z.string().max(4096).optional(),
    language: z.string().max(16).optional(),
  });
export type RestockPayload = z.infer<typeof restockPayloadSchema>;

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
  form: z.string().max(500_000).refine(isJsonText, { error: () => FORM.cannotParseFields }),
  captchaKey: z.string().max(4096).optional(),
  pageTitle: z.string().max(1000).optional(),
  pageId: z.string().max(128).optional(),
  contentSource: z.enum(['i', 'c']).optional(),
  pagePath: z.string().max(2048).optional(),
  pagePermissionTypeValue: z.union([z.string(), z.number()]).optional(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/**
 * A shopper's email (newsletter, checkout, account): trimmed, lower-cased so that Jane@x.com and
 * jane@x.com are one address, and checked with zod's email rule.
 */
export function shopperEmailSchema(message: string | (() => string)) {
  // a function is read when the refusal is made, so a translated message is the request's language
  const error = typeof message === 'string' ? message : (): string => message();
  return z.string({ error }).trim().max(EMAIL_MAX_LENGTH, { error }).toLowerCase().pipe(z.email({ error }));
}

/** Newsletter sign-up: email plus optional captcha token. */
export const newsletterPayloadSchema = z.object({
  email: shopperEmailSchema(() => NEWSLETTER.emailInvalid),
  captchaToken: z.string().max(4096).optional(),
  /** The path the sign-up was made on, which the confirmation page leads back to: one too long is dropped, never the sign-up. */
  page: z.string().max(2048).optional().catch(undefined),
});
export type NewsletterPayload = z.infer<typeof newsletterPayloadSchema>;
