/**
 * An order's extra-field answers as the owner reads them, in words (answers-in-words.ts) with the
 * form its product has now, rather than as the JSON the cart kept them in.
 */
import { readableAnswers } from '../commerce/answers-in-words.ts';
import { fieldsOf, type FormField } from '../db/admin-messages-repository.ts';
import type { StoreSession } from '../db/store.ts';

export interface FormAnswersOfLine {
  sku: string;
  answers: unknown;
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
