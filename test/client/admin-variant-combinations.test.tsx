// @vitest-environment jsdom
/**
 * "Add every combination": from each option's values (Size: S, M, L; Colour: Blue, Green) the
 * editor adds the variants missing, priced as the first, SKUs left empty, never removing or
 * changing a variant the product has.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { missingCombinations } from '../../client/admin/screens/variant-combinations.ts';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } };

/** Each variant's option values, SKU, price and stock as the form shows them. */
function rows(options: string[]) {
  return screen.getAllByRole('group', { name: /^Variant \d+$/ }).map((group) => {
    const variant = within(group);
    const value = (label: string) => (variant.getByLabelText(label) as HTMLInputElement).value;
    return [...options.map(value), value(ADMIN.sku), value(ADMIN.price), value(ADMIN.stock)];
  });
}

describe('Add every combination', () => {
  it('lists the missing combinations, first option slowest, and none when an option has no value', () => {
    expect(missingCombinations([['S', 'M'], ['Blue', 'Green']], [['M', 'Blue']])).toEqual([['S', 'Blue'], ['S', 'Green'], ['M', 'Green']]);
    expect(missingCombinations([['S'], []], [])).toEqual([]);
  });

  it('fills a new product from the values typed, priced as the first variant', async () => {
    scriptFetch([settings]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.options), { target: { value: 'Size, Colour' } });
    fireEvent.change(within(screen.getByRole('group', { name: 'Variant 1' })).getByLabelText(ADMIN.price), { target: { value: '12.00' } });
    fireEvent.change(screen.getByLabelText(ADMIN.optionValues('Size')), { target: { value: 'S, M, L' } });
    fireEvent.change(screen.getByLabelText(ADMIN.optionValues('Colour')), { target: { value: 'Blue, Green' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.addEveryCombination }));
    expect(rows(['Size', 'Colour'])).toEqual([
      ['S', 'Blue', '', '12.00', '0'], ['S', 'Green', '', '12.00', '0'], ['M', 'Blue', '', '12.00', '0'],
      ['M', 'Green', '', '12.00', '0'], ['L', 'Blue', '', '12.00', '0'], ['L', 'Green', '', '12.00', '0'],
    ]);
    // five rows added, the new product's blank first row given the first combination: said so, not '6 added'
    expect(screen.getByText(ADMIN.combinationsAdded(5, 1))).toBeTruthy();
    expect(ADMIN.combinationsAdded(5, 1)).toMatch(/^5 variants added and the empty row given the first combination/);
  });

  it('keeps every variant the product has as it is and adds only what is missing', async () => {
    const product = {
      id: 'p1', title: 'Tee', description: '', excerpt: '', productType: 'physical', urlSlug: 'tee', visible: true, categories: [], tags: [],
      variantOptions: ['Size', 'Colour'], additionalFieldsFormId: null, images: [],
      variants: [
        { id: 'v1', sku: 'TEE-M-BLUE', priceCents: 2000, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 200, attributes: { Size: 'M', Colour: 'Blue' } },
        { id: 'v2', sku: 'TEE-S-BLUE', priceCents: 1800, salePriceCents: 0, onSale: false, qtyInStock: 2, unlimited: false, weightGrams: 200, attributes: { Size: 'S', Colour: 'Blue' } },
      ],
    };
    scriptFetch([settings, { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product } } }]);
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    // the values the variants have are offered to start from
    expect((screen.getByLabelText(ADMIN.optionValues('Size')) as HTMLInputElement).value).toBe('M, S');
    fireEvent.change(screen.getByLabelText(ADMIN.optionValues('Colour')), { target: { value: 'Blue, Green' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.addEveryCombination }));
    expect(rows(['Size', 'Colour'])).toEqual([
      ['M', 'Blue', 'TEE-M-BLUE', '20.00', '4'], ['S', 'Blue', 'TEE-S-BLUE', '18.00', '2'],
      ['M', 'Green', '', '20.00', '0'], ['S', 'Green', '', '20.00', '0'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.addEveryCombination }));
    expect(rows(['Size', 'Colour'])).toHaveLength(4);
    expect(screen.getByText(ADMIN.noCombinationMissing)).toBeTruthy();
  });
});
