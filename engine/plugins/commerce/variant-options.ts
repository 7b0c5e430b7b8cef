/**
 * The options a shopper chooses among (e.g. Color: blue, red), built from the
 * variants' attributes in the order the merchant defined them.
 */
import { asRecord, asString, isObject } from '../../runtime/values.ts';

export interface VariantOption {
  readonly name: string;
  readonly values: string[];
}

/**
 * One option per name of `structuredContent.variantOptionOrdering`, each with
 * the distinct attribute values of the variants in order of appearance.
 * Attributes not named in the ordering are left out. A product with fewer
 * than two variants offers no choice, so it has no options.
 */
export function itemVariantOptions(item: unknown): VariantOption[] {
  const variants = asRecord(asRecord(item)?.structuredContent)?.variants;
  if (!Array.isArray(variants) || variants.length <= 1) return [];

  const ordering = asRecord(asRecord(item)?.structuredContent)?.variantOptionOrdering;
  const options: VariantOption[] = Array.isArray(ordering)
    ? ordering.map((name) => ({ name: asString(name), values: [] }))
    : [];

  for (const variant of variants) {
    const attributes = asRecord(variant)?.attributes;
    if (!isObject(attributes)) continue;
    for (const name of Object.keys(attributes)) {
      const option = options.find((candidate) => candidate.name === name);
      if (option === undefined) continue;
      const value = asString(attributes[name]);
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** A variant described by its option values: "blue / large". */
export function variantDescriptor(variant: unknown): string {
  const optionValues = asRecord(variant)?.optionValues;
  if (!Array.isArray(optionValues)) return '';
  return optionValues.map((option) => asString(asRecord(option)?.value)).join(' / ');
}
