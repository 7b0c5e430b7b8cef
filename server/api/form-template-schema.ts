import { BUTTON, FORM } from '../../client/lib/messages.ts';

/**
 * The form-builder description served by GET /api/template/GetTemplateSchema: which field
 * types a form of the given template type can hold and which properties each one edits.
 */
export interface FormTemplateSchema {
  type: string;
  defaultName: string;
  defaultSubmitButtonText: string;
  fieldsets: { id: number; name: string }[];
  fieldTypes: { type: string; properties: string[] }[];
}

/** The two form template types of the storefront: a form block and a product's extra-fields form. */
export const FORM_TEMPLATE_TYPES = ['form-block', 'additional-fields'] as const;
export type FormTemplateType = (typeof FORM_TEMPLATE_TYPES)[number];

const FIELDSETS = [
  { id: 1, name: 'build' },
  { id: 2, name: 'storage' },
  { id: 3, name: 'advanced' },
  { id: 4, name: 'captcha' },
  { id: 5, name: 'disclaimer' },
];

const FIELD_TYPES: { type: string; properties: string[] }[] = [
  { type: 'text', properties: ['description', 'placeholder', 'required'] },
  // this server enforces maxLength, so the builder may offer it
  { type: 'textarea', properties: ['description', 'placeholder', 'required', 'maxLength'] },
  { type: 'email', properties: ['description', 'placeholder', 'required'] },
  { type: 'currency', properties: ['description', 'currencySymbol', 'required'] },
  { type: 'number', properties: ['description', 'placeholder', 'required'] },
  { type: 'website', properties: ['description', 'placeholder', 'required'] },
  { type: 'password', properties: ['description', 'required'] },
  { type: 'twitter', properties: ['description', 'required'] },
  { type: 'date', properties: ['description', 'required'] },
  { type: 'time', properties: ['description', 'required'] },
  { type: 'name', properties: ['description', 'required'] },
  { type: 'address', properties: ['description', 'required'] },
  { type: 'phone', properties: ['description', 'showCountryCode', 'required'] },
  { type: 'section', properties: ['description', 'underline'] },
  { type: 'radio', properties: ['description', 'options', 'required'] },
  { type: 'checkbox', properties: ['description', 'options', 'required'] },
  { type: 'select', properties: ['description', 'options', 'required'] },
  { type: 'likert', properties: ['description', 'options', 'required'] },
  { type: 'hidden', properties: ['key', 'value'] },
];

export function isFormTemplateType(value: string): value is FormTemplateType {
  return (FORM_TEMPLATE_TYPES as readonly string[]).includes(value);
}

export function formTemplateSchema(type: FormTemplateType): FormTemplateSchema {
  const extraFields = type === 'additional-fields';
  return {
    type,
    defaultName: FORM.defaultFormName,
    defaultSubmitButtonText: extraFields ? BUTTON.addToCart : BUTTON.submit,
    // an extra-fields form has no storage or captcha of its own: it travels with the cart entry
    fieldsets: extraFields ? FIELDSETS.filter((set) => set.name !== 'storage' && set.name !== 'captcha') : FIELDSETS,
    fieldTypes: FIELD_TYPES.map((fieldType) => ({ ...fieldType, properties: [...fieldType.properties] })),
  };
}
