/**
 * The tax row's words (tax-label.ts): the platform's or the shop's name for its tax, added or
 * included, with the rate when it is known and not 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { adoptPageLanguage } from '../../client/lib/language.ts';
import { ratePercentText, taxLabel } from '../../client/lib/tax-label.ts';

afterEach(() => adoptPageLanguage('en-US'));

describe("the tax row's words", () => {
  it("are the platform's, or the shop's name, added or included", () => {
    expect(taxLabel('', false)).toBe('Tax');
    expect(taxLabel('', true)).toBe('Includes tax');
    expect(taxLabel('VAT', false)).toBe('VAT');
    expect(taxLabel('VAT', true)).toBe('Includes VAT');
  });

  it('give the rate when it is known and not 0, to three decimals at most', () => {
    expect(taxLabel('', false, 8000)).toBe('Tax (8%)');
    expect(taxLabel('VAT', true, 23000)).toBe('Includes VAT (23%)');
    expect(taxLabel('', false, 8875)).toBe('Tax (8.875%)');
    // an order placed before rates were kept, and a shop without tax
    expect(taxLabel('', false, null)).toBe('Tax');
    expect(taxLabel('', false, 0)).toBe('Tax');
    expect([5500, 100, 50000].map(ratePercentText)).toEqual(['5.5', '0.1', '50']);
  });

  it("write the rate with the decimal mark of the page's language", () => {
    adoptPageLanguage('de-DE');
    expect(ratePercentText(8875)).toBe('8,875');
    expect(ratePercentText(19000)).toBe('19');
    expect(taxLabel('MwSt.', true, 8875)).toContain('8,875');
  });
});
