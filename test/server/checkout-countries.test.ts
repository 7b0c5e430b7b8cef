/**
 * The checkout's country list starts with the shop's own country, which a shopper of a local shop
 * then need not look for: the one its business address names (Settings), by code or by name in
 * the store's language or English, else the region of the store's language.
 */
import { describe, expect, it } from 'vitest';
import { countriesIn } from '../../server/pages/checkout-form.ts';
import { shippingCountryNamed } from '../../server/commerce/shipping-country-named.ts';

describe("the checkout's first country", () => {
  it("is the business address's country, named any way the owner writes it", () => {
    expect(countriesIn('en-US', 'Ireland')[0]).toEqual({ code: 'IE', name: 'Ireland', hasRegion: true });
    expect(countriesIn('en-US', ' ireland ')[0]!.code).toBe('IE');
    expect(countriesIn('en-US', 'FR')[0]!.code).toBe('FR');
    expect(shippingCountryNamed('Irlande', 'fr-FR')).toBe('IE');
    expect(shippingCountryNamed('Germany', 'fr-FR')).toBe('DE');
  });

  it("is the language's region when the address names no country the shop ships to", () => {
    expect(countriesIn('en-US', '')[0]!.code).toBe('US');
    expect(countriesIn('en-GB', 'Atlantis')[0]!.code).toBe('GB');
    expect(shippingCountryNamed('Atlantis', 'en-US')).toBeUndefined();
    // every country stays in the list, once
    const codes = countriesIn('en-US', 'Ireland').map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('US');
  });

  it("follows with the others in the store language's alphabetical order, saying which ask for a region", () => {
    const german = countriesIn('de-DE', 'Deutschland');
    expect(german.slice(0, 4).map((country) => country.name)).toEqual(['Deutschland', 'Andorra', 'Australien', 'Belgien']);
    // Ö sorts with O in German, not after Z
    const names = german.map((country) => country.name);
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
    const regions = Object.fromEntries(german.map((country) => [country.code, country.hasRegion]));
    expect(regions).toMatchObject({ US: true, CA: true, AU: true, IT: true, DE: false, AT: false, GB: false, FR: false });
  });
});
