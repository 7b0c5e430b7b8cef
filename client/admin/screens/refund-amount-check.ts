/**
 * The refund form's amount checked before the owner is asked to confirm it: a question such as
 * "Refund $500.00?" about an amount the store would refuse, or "Refund ?" about none, asks the
 * owner to decide on nothing. The messages are the server's own for the same amount
 * (partial-refund.ts and the admin's validation), which still checks it.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { centsFromText, notAnAmountText } from '../../lib/money-input.ts';

/** Why the server would refuse `text` as the refund's amount, or null when it would take it. */
export function refundAmountProblem(text: string, currency: string, leftCents: number, money: (cents: number) => string): string | null {
  const cents = text.trim() === '' ? Number.NaN : centsFromText(text, currency);
  if (!Number.isFinite(cents)) return notAnAmountText(currency);
  if (cents < 1) return ADMIN.server.atLeast.replace('{min}', '1');
  if (leftCents <= 0) return ADMIN.server.refundNothingLeft;
  if (cents > leftCents) return ADMIN.server.refundAmountLeft.replace('{amount}', money(leftCents));
  return null;
}
