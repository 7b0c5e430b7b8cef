/**
 * A line's extra-field answers in words, as the shopper gave them in the product's form
 * (`Initials: AE`, `Thread colour: Rust`): for the checkout's summary, so the shopper checks them
 * before paying, for the order's confirmation page and emails, and for the owner's order screen and
 * packing slips, each line its own. A cart entry keeps them by field id, read
 * with the product's form (an answer to a field the form no longer has keeps its id); an order
 * line keeps them in words as the checkout showed them (migration 162), kept as they are.
 */
import type { Logger } from 'pino';
import { fieldsOf, type FormField } from '../db/admin-messages-repository.ts';
import { serverMessages } from '../messages.ts';
import { readableAnswers, type ReadableAnswer } from './answers-in-words.ts';

/**
 * Told of stored text that is not JSON (the reason), to say it in the log with the row it is of.
 * Such a row (damaged, or kept by an early build that stored what the browser sent as it came)
 * reads as no answers: one line must not fail the order's page, the checkout or the whole export.
 */
export type UnreadableAnswers = (reason: string) => void;

function isReadableAnswer(value: unknown): value is ReadableAnswer {
  if (value === null || typeof value !== 'object') return false;
  const { label, value: answer } = value as Record<string, unknown>;
  return typeof label === 'string' && typeof answer === 'string';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The form's fields; none when its definition cannot be read (the answers then keep their ids). */
function formFields(formDefinitionJson: string, unreadable: UnreadableAnswers): FormField[] {
  try {
    return fieldsOf(formDefinitionJson);
  } catch (error) {
    unreadable(reasonOf(error));
    return [];
  }
}

/** The answers of `answersJson` (a cart entry's or an order line's) read with the form `formDefinitionJson`; none when there are none. */
export function lineAnswers(answersJson: string | null, formDefinitionJson: string | null, unreadable: UnreadableAnswers = () => {}): ReadableAnswer[] {
  if (answersJson === null || answersJson === '') return [];
  let stored: unknown;
  try {
    stored = JSON.parse(answersJson);
  } catch (error) {
    unreadable(reasonOf(error));
    return [];
  }
  // a list already in words needs no form
  const fields = Array.isArray(stored) || formDefinitionJson === null ? [] : formFields(formDefinitionJson, unreadable);
  const read = readableAnswers(stored, fields);
  return Array.isArray(read) ? read.filter(isReadableAnswer) : [];
}

/** UnreadableAnswers that says it in `log` (the app's), naming the row (`{ orderId, orderItemId }`, `{ cartId, entryId }`). */
export function answersLog(log: Pick<Logger, 'warn'> | undefined, row: Readonly<Record<string, string>>): UnreadableAnswers {
  return (reason) => log?.warn({ ...row, reason }, serverMessages.lineAnswersUnreadableLog);
}
