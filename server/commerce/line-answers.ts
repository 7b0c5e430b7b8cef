/**
 * A cart line's extra-field answers in words, as the shopper gave them in the product's form
 * (`Initials: AE`, `Thread colour: Rust`): each field's title and answer, in the form's order, for
 * the checkout's summary, so the shopper checks them before paying. The cart keeps them by field
 * id; the form gives the titles (an answer to a field the form no longer has keeps its id).
 */
import { fieldsOf } from '../db/admin-messages-repository.ts';
import { parseObjectColumn } from '../db/json-column.ts';
import { readableAnswers, type ReadableAnswer } from './answers-in-words.ts';

/** The answers of `answersJson` (the cart entry's) read with the form `formDefinitionJson`; none when there are none. */
export function lineAnswers(answersJson: string | null, formDefinitionJson: string | null): ReadableAnswer[] {
  if (answersJson === null || answersJson === '') return [];
  const answers = parseObjectColumn(answersJson);
  const read = readableAnswers(answers, formDefinitionJson === null ? [] : fieldsOf(formDefinitionJson));
  return Array.isArray(read) ? (read as ReadableAnswer[]) : [];
}
