import { describe, expect, test } from 'vitest';
import { itemVariantOptions, variantDescriptor } from '../../../../engine/plugins/commerce/variant-options.ts';
import { loadJavaTestData } from './java-test-data.ts';

describe('variant options', () => {
  test('options follow the merchant ordering; values keep first appearance; unknown attributes are left out', () => {
    const item = {
      structuredContent: {
        variantOptionOrdering: ['Size', 'Color'],
        variants: [
          { attributes: { Color: 'red', Size: 'S', Fabric: 'wool' } },
          { attributes: { Color: 'blue', Size: 'S' } },
          { attributes: { Color: 'red', Size: 'M' } },
        ],
      },
    };
    expect(itemVariantOptions(item)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['red', 'blue'] },
    ]);
  });

  test('fewer than two variants offer no options', () => {
    const one = { structuredContent: { variantOptionOrdering: ['Size'], variants: [{ attributes: { Size: 'S' } }] } };
    expect(itemVariantOptions(one)).toEqual([]);
    expect(itemVariantOptions({})).toEqual([]);
  });

  test('a variant is described by its option values', () => {
    expect(variantDescriptor({ optionValues: [{ value: 'blue' }, { value: 'L' }] })).toBe('blue / L');
    expect(variantDescriptor({})).toBe('');
  });
});

const data = loadJavaTestData('get-item-variant-options.json');
const cases = [...(data ?? new Map<string, unknown>())].filter(([name]) => !name.endsWith('-expected'));

describe.skipIf(data === undefined)('production data: get-item-variant-options.json', () => {
  test.each(cases)('%s', (name, item) => {
    expect(itemVariantOptions(item)).toEqual(data!.get(`${name}-expected`));
  });
});
