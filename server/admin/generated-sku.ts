/**
 * SKUs for variants the owner left without one, in the platform's form: SQ and seven digits
 * (SQ4821907). Each is checked against the store and the product's other variants before use.
 */
import { randomInt } from 'node:crypto';

/** Tries before giving up: with ten million SKUs to draw from, a store needs millions of variants to fail this. */
const ATTEMPTS = 20;

export function randomSku(): string {
  return `SQ${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/**
 * The variants with every empty SKU replaced by a new one that neither `inUse` (the store) nor
 * another variant of the list has.
 */
export async function withGeneratedSkus<V extends { sku: string }>(variants: readonly V[], inUse: (sku: string) => Promise<boolean>): Promise<V[]> {
  const taken = new Set(variants.map((variant) => variant.sku).filter((sku) => sku !== ''));
  const out: V[] = [];
  for (const variant of variants) {
    if (variant.sku !== '') {
      out.push(variant);
      continue;
    }
    let sku = '';
    for (let attempt = 0; attempt < ATTEMPTS && sku === ''; attempt++) {
      const candidate = randomSku();
      if (!taken.has(candidate) && !(await inUse(candidate))) sku = candidate;
    }
    if (sku === '') throw new Error('no free SKU found');
    taken.add(sku);
    out.push({ ...variant, sku });
  }
  return out;
}
