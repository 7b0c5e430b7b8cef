/**
 * Addresses as the post of their country writes them, for labels, slips, order pages and emails:
 * the town and postal code in the country's order and lines, and the old layout wherever the
 * country's format would drop a town or postal code the address holds.
 */
import { describe, expect, it } from 'vitest';
import { postalAddressLines } from '../../server/commerce/postal-address-lines.ts';
import { addressLines } from '../../server/commerce/checkout-order.ts';
import { businessAddressLines } from '../../server/commerce/business-address.ts';

const address = (countryCode: string, city: string, region: string, postalCode: string) => ({
  line1: 'Torstraße 1', line2: 'Hinterhaus', city, region, postalCode, countryCode,
});

describe('an address as its country writes it', () => {
  it('puts the postal code where the country puts it', () => {
    expect(postalAddressLines(address('DE', 'Berlin', 'Berlin', '10119'))).toEqual(['Torstraße 1', 'Hinterhaus', '10119 Berlin']);
    expect(postalAddressLines(address('FR', 'Paris', '', '75001'))).toEqual(['Torstraße 1', 'Hinterhaus', '75001 Paris']);
    expect(postalAddressLines(address('GB', 'London', '', 'SW1A 1AA'))).toEqual(['Torstraße 1', 'Hinterhaus', 'London', 'SW1A 1AA']);
    expect(postalAddressLines(address('US', 'New York', 'NY', '10118'))).toEqual(['Torstraße 1', 'Hinterhaus', 'New York, NY 10118']);
    expect(postalAddressLines(address('CA', 'Toronto', 'ON', 'M5V 2T6'))).toEqual(['Torstraße 1', 'Hinterhaus', 'Toronto ON M5V 2T6']);
  });

  it('keeps the old layout without a country, or where the country\'s format would lose the town or the postal code', () => {
    expect(postalAddressLines(address('', 'Berlin', '', '10119'))).toEqual(['Torstraße 1', 'Hinterhaus', 'Berlin, 10119']);
    // no format for the code: the formats' default has no postal code
    expect(postalAddressLines(address('ZZ', 'Nowhere', '', '10000'))).toEqual(['Torstraße 1', 'Hinterhaus', 'Nowhere, 10000']);
    expect(postalAddressLines({ ...address('US', 'Hudson', 'NY', '12534'), line2: '' })).toEqual(['Torstraße 1', 'Hudson, NY 12534']);
  });

  it('ends an order\'s address with the country\'s name in the store\'s language, and a business address with its country as typed', () => {
    expect(addressLines(address('DE', 'Berlin', '', '10119'), 'de-DE')).toEqual(['Torstraße 1', 'Hinterhaus', '10119 Berlin', 'Deutschland']);
    expect(businessAddressLines({ name: 'Loam GmbH', line1: 'Torstraße 1', line2: '', city: 'Berlin', region: '', postalCode: '10119', country: 'Germany' }))
      .toEqual(['Loam GmbH', 'Torstraße 1', '10119 Berlin', 'Germany']);
    expect(businessAddressLines({ name: '', line1: 'Torstraße 1', line2: '', city: 'Berlin', region: '', postalCode: '10119', country: 'Deutschland' }, 'de-DE'))
      .toEqual(['Torstraße 1', '10119 Berlin', 'Deutschland']);
    expect(businessAddressLines({ name: '', line1: '1 Main St', line2: '', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'Atlantis' }))
      .toEqual(['1 Main St', 'Hudson, NY 12534', 'Atlantis']);
  });
});
