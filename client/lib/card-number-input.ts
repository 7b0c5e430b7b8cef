/**
 * The card number box as a shopper types, pastes or autofills it: the digits shown in groups
 * (4 4 4 4, or 4 6 5 for American Express), as printed on the card, so a missed digit is easy to
 * spot. Only a number made of digits, spaces and dashes is grouped, and only while the caret is at
 * the end: an edit in the middle keeps exactly what the shopper typed until they leave the box.
 * No digit is ever dropped (a number too long is the card rule's to refuse, with its message).
 */
import { cardDigits } from './checkout-rules.ts';

const DIGITS_AND_SEPARATORS = /^[\d\s-]*$/;

/** American Express numbers start with 34 or 37 and are printed 4 6 5. */
function groupSizes(digits: string): readonly number[] {
  return /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 4];
}

/** The digits in the card's groups, separated by single spaces; digits past the last group follow it. */
export function groupedCardNumber(digits: string): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of groupSizes(digits)) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups[groups.length - 1] += digits.slice(at);
  return groups.join(' ');
}

/** What the box shows after a keystroke, a paste or an autofill (`caretAtEnd`: the caret is after the last character). */
export function cardNumberAsTyped(typed: string, caretAtEnd: boolean): string {
  if (!caretAtEnd || !DIGITS_AND_SEPARATORS.test(typed)) return typed;
  return groupedCardNumber(cardDigits(typed));
}

/** What the box shows once the shopper leaves it: grouped when it holds only digits and separators. */
export function cardNumberOnLeaving(value: string): string {
  return DIGITS_AND_SEPARATORS.test(value) ? groupedCardNumber(cardDigits(value)) : value;
}
