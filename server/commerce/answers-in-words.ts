/**
 * Extra-field answers in words, as a shopper gave them in a product's form (`Initials: AE`): each
 * field's title and its answer (answer-text.ts, as Messages shows form answers), in the form's
 * order. The cart keeps the answers keyed by the fields' ids (`{"select-thread-colour":"Rust"}`);
 * the form gives the titles (an answer to a field the form no longer has keeps its id). The
 * checkout, the shopper's order confirmation and the owner's order screen all read them so.
 */
import { answerText } from '../../client/lib/answer-text.ts';
import type { FormField } from '../db/admin-messages-repository.ts';

/** One answer in words. */
export interface ReadableAnswer {
  label: string;
  value: string;
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
