/**
 * The card expiry box as typed on a phone: the slash goes in after the month, MM/YY once the
 * shopper leaves the box, and deletions or edits before the end are left exactly as typed.
 */
import { describe, expect, it } from 'vitest';
import { expiryAsTyped, expiryOnLeaving } from '../../client/lib/expiry-input.ts';

/** The box after typing each character at the end, one keystroke at a time. */
function typeInto(keys: string, start = ''): string {
  let box = start;
  for (const key of keys) box = expiryAsTyped(box + key, box, true);
  return box;
}

describe('card expiry box', () => {
  it('puts the slash in after the month as digits are typed', () => {
    expect(typeInto('1')).toBe('1');
    expect(typeInto('12')).toBe('12/');
    expect(typeInto('1230')).toBe('12/30');
    expect(typeInto('122030')).toBe('12/2030');
    expect(typeInto('12203099')).toBe('12/2030');
    // a first digit of 2 to 9 is a month on its own, and so is a 1 that no second digit can make a month
    expect(typeInto('430')).toBe('04/30');
    expect(typeInto('130')).toBe('01/30');
    expect(typeInto('0130')).toBe('01/30');
  });

  it('takes a slash, dash or space typed by the shopper as the one separator', () => {
    for (const keys of ['12/30', '12-30', '12 30', '12 / 30']) expect(typeInto(keys), keys).toBe('12/30');
    expect(typeInto('1/31')).toBe('1/31');
  });

  it('reads a pasted or filled-in expiry', () => {
    for (const pasted of ['1230', '12 30', '12-30', '12/30', '122030']) {
      expect(expiryAsTyped(pasted, '', true), pasted).toMatch(/^12\/(30|2030)$/);
    }
  });

  it('leaves deletions and edits before the end alone', () => {
    expect(expiryAsTyped('12', '12/', true)).toBe('12');
    expect(expiryAsTyped('1', '12', true)).toBe('1');
    expect(expiryAsTyped('123/30', '12/30', false)).toBe('123/30');
    // after deleting the slash, the next digit brings it back where it belongs
    expect(typeInto('3', '12')).toBe('12/3');
    // what is not an expiry at all is left for the form's message
    expect(typeInto('ab')).toBe('ab');
  });

  it('shows MM/YY when the shopper leaves the box, and anything else as typed', () => {
    for (const typed of ['1230', '12 30', '12/30', '12-30', '12/2030', '122030']) expect(expiryOnLeaving(typed), typed).toBe('12/30');
    expect(expiryOnLeaving('5/31')).toBe('05/31');
    expect(expiryOnLeaving('12/2105')).toBe('12/2105');
    expect(expiryOnLeaving('13/30')).toBe('13/30');
    expect(expiryOnLeaving('12/3')).toBe('12/3');
  });
});
