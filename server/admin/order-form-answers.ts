/**
 * An order's extra-field answers as the owner reads them: each field's title and its answer in
 * words (answer-text.ts, as Messages shows form answers), in the form's order. The cart keeps the
 * answers keyed by the fields' ids (`{"select-thread-colour":"Rust"}`), which the order screen
 * showed as that JSON; the product's form gives the titles (an answer to a field the form no
 * longer has keeps its id).
 */
import { answerText } from '../../client/lib/answer-text.ts';
import { fieldsOf, type FormField } from '../db/admin-messages-repository.ts';
import type { StoreSession } from '../db/store.ts';

export interface FormAnswersOfLine {
  sku: string;
  answers: unknown;
}

/** One answer as the order screen lists it. */
export interface ReadableAnswer {
  label: string;
  value: string;
}

/** The fields of the form of the product sold as `sku` in this order's lines; none when it has no form now. */
async function formFieldsOf(session: StoreSession, productId: string | undefined): Promise<FormField[]> {
  if (productId === undefined) return [];
  const row = await session.get<{ definition_json: string }>(
    'SELECT forms.definition_json FROM products JOIN forms ON forms.id = products.additional_fields_form_id WHERE products.id = ?',
    [productId],
  );
  return row ? fieldsOf(row.definition_json) : [];
}

/** `answers` (the cart's object by field id) in the form's words; a list already in words is kept. */
export function readableAnswers(answers: unknown, fields: readonly FormField[]): unknown {
  if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) return answers;
  const byId = answers as Record<string, unknown>;
  const known = new Set(fields.map((field) => field.id));
  const read: ReadableAnswer[] = [];
  for (const field of fields) {
    const value = answerText(byId[field.id], field.type);
    if (value !== '') read.push({ label: field.title, value });
  }
  for (const [id, answer] of Object.entries(byId)) {
    const value = answerText(answer);
    if (!known.has(id) && value !== '') read.push({ label: id, value });
  }
  return read;
}

/** Each line's answers in words, `productOf` telling the product a line's SKU was sold as. */
export async function readableFormAnswers(
  session: StoreSession,
  formAnswers: readonly FormAnswersOfLine[],
  productOf: (sku: string) => string | undefined,
): Promise<FormAnswersOfLine[]> {
  const read: FormAnswersOfLine[] = [];
  for (const entry of formAnswers) read.push({ sku: entry.sku, answers: readableAnswers(entry.answers, await formFieldsOf(session, productOf(entry.sku))) });
  return read;
}
