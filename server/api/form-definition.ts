import { z } from 'zod';
import type { FormFieldDefinition, FormFieldType } from '../../client/lib/validation.ts';

const FIELD_TYPES: readonly FormFieldType[] = [
  'text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter',
  'date', 'time', 'name', 'address', 'phone', 'section',
  'radio', 'checkbox', 'select', 'likert', 'hidden',
];

function knownType(type: string): FormFieldType {
  return (FIELD_TYPES as readonly string[]).includes(type) ? (type as FormFieldType) : 'text';
}

/** Options may be stored as plain strings or as {value}/{label} objects. */
const optionSchema = z.union([
  z.string(),
  z.object({ value: z.string().optional(), label: z.string().optional() }).transform((o) => o.value ?? o.label ?? ''),
]);

const storedFieldSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  title: z.string().default(''),
  required: z.boolean().optional(),
  maxLength: z.union([z.number(), z.string(), z.null()]).optional(),
  options: z.array(optionSchema).optional(),
  questions: z.array(z.string()).optional(),
  value: z.string().optional(),
  key: z.string().optional(),
});

const storedFormSchema = z.looseObject({
  fields: z.array(storedFieldSchema).default([]),
  captchaEnabled: z.boolean().optional(),
});

export interface FormDefinition {
  id: string;
  name: string;
  fields: FormFieldDefinition[];
  captchaEnabled: boolean;
}

/**
 * Reads a stored form (the platform's form object as JSON). Unknown field types are handled as
 * single text values. Returns null when the stored JSON is not a form at all.
 */
export function parseFormDefinition(id: string, name: string, definitionJson: string): FormDefinition | null {
  let raw: unknown;
  try {
    raw = JSON.parse(definitionJson);
  } catch {
    return null;
  }
  const parsed = storedFormSchema.safeParse(raw);
  if (!parsed.success) return null;
  return {
    id,
    name,
    captchaEnabled: parsed.data.captchaEnabled === true,
    fields: parsed.data.fields.map((field) => ({
      id: field.id,
      type: knownType(field.type),
      title: field.title,
      required: field.required,
      maxLength: field.maxLength,
      options: field.options,
      questions: field.questions,
      value: field.value,
    })),
  };
}
