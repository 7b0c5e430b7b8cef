/**
 * A product's extra-fields form as the store keeps it (the item's
 * `structuredContent.additionalFieldsForm`, which `add-to-cart-btn` writes into `data-form`),
 * read into the shape the form's lightbox shows. The server reads it so for the AddToCart island's
 * props and the formatters' script from the button's attribute: one rule for both.
 */
import type { ExtraFieldsForm } from '../components/ExtraFieldsLightbox.tsx';
import type { FormFieldDefinition } from './rules.ts';

/** The form, or null when there is none or it lists no fields. */
export function extraFieldsFormFrom(form: unknown): ExtraFieldsForm | null {
  if (form === null || typeof form !== 'object' || Array.isArray(form)) return null;
  const record = form as Record<string, unknown>;
  if (!Array.isArray(record.fields)) return null;
  return {
    id: String(record.id),
    name: typeof record.name === 'string' ? record.name : undefined,
    fields: record.fields as FormFieldDefinition[],
    submitButtonText: typeof record.submitButtonText === 'string' ? record.submitButtonText : undefined,
  };
}
