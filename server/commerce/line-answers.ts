/**
 * A line's extra-field answers in words, as the shopper gave them in the product's form
 * (`Initials: AE`, `Thread colour: Rust`): for the checkout's summary, so the shopper checks them
 * before paying, for the order's confirmation page and emails, and for the owner's order screen and
 * packing slips, each line its own. A cart entry keeps them by field id, read
 * with the product's form (an answer to a field the form no longer has keeps its id); an order
 * line keeps them in words as the checkout showed them (migration 162), kept as they are.
 */
import { fieldsOf } from '../db/admin-messages-repository.ts';
import { readableAnswers, type ReadableAnswer } from './answers-in-words.ts';

function isReadableAnswer(value: unknown): value is ReadableAnswer {
  if (value === null || typeof value !== 'object') return false;
  const { label, value: answer } = value as Record<string, unknown>;
  return typeof label === 'string' && typeof answer === 'string';
}

/** The answers of `answersJson` (a cart entry's or an order line's) read with the form `formDefinitionJson`; none when there are none. */
export function lineAnswers(answersJson: string | null, formDefinitionJson: string | null): ReadableAnswer[] {
  if (answersJson === null || answersJson === '') return [];
  const stored: unknown = JSON.parse(answersJson);
  // a list already in words needs no form
  const fields = Array.isArray(stored) || formDefinitionJson === null ? [] : fieldsOf(formDefinitionJson);
  const read = readableAnswers(stored, fields);
  return Array.isArray(read) ? read.filter(isReadableAnswer) : [];
}
