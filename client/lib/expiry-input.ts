/**
 * The card expiry box as a phone shopper types into it: a numeric keypad has no slash, so the box
 * puts one in after the month (1 2 3 0 shows 12/30), and shows MM/YY once the shopper leaves it
 * (12/2030 and 122030 read 12/30). It never fights an edit: deleting, or typing anywhere but at
 * the end, keeps exactly what the shopper typed. What counts as a date is parseExpiry's rule.
 */
import { parseExpiry } from './checkout-rules.ts';

/** A month typed with a separator after it (a slash, dash or spaces), then the year's digits so far. */
const MONTH_THEN_YEAR = /^(\d{1,2})[\s/-]+(\d*)$/;

/**
 * What the box shows after a keystroke: `typed` is its text now, `previous` before the keystroke,
 * `caretAtEnd` whether the caret is after the last character.
 */
export function expiryAsTyped(typed: string, previous: string, caretAtEnd: boolean): string {
  if (!caretAtEnd || typed.length <= previous.length) return typed;
  const separated = MONTH_THEN_YEAR.exec(typed);
  if (separated) return `${separated[1]}/${separated[2]!.slice(0, 4)}`;
  if (!/^\d+$/.test(typed)) return typed;
  // 2 to 9, or 1 before 3 to 9, can only be a month of one digit (4 is 04/, 13 is 01/3);
  // 0 and 1 alone wait for the month's second digit
  const oneDigitMonth = /^(?:[2-9]|1[3-9])/.test(typed);
  if (!oneDigitMonth && typed.length < 2) return typed;
  const month = oneDigitMonth ? `0${typed[0]}` : typed.slice(0, 2);
  return `${month}/${typed.slice(oneDigitMonth ? 1 : 2).slice(0, 4)}`;
}

/** What the box shows once the shopper leaves it: MM/YY when it reads as a date, else what was typed. */
export function expiryOnLeaving(value: string): string {
  const expiry = parseExpiry(value);
  if (!expiry) return value;
  const month = String(expiry.month).padStart(2, '0');
  const year = expiry.year >= 2000 && expiry.year <= 2099 ? String(expiry.year % 100).padStart(2, '0') : String(expiry.year);
  return `${month}/${year}`;
}
