import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface SeedVariant { id: string; sku: string; priceCents: number; qtyInStock: number; unlimited: boolean; attributes: Record<string, string> }
interface SeedProduct { id: string; urlId: string; title: string; productType: number; variants: SeedVariant[]; data: Record<string, unknown> }

const products = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../fixtures/seed/products.json', import.meta.url)), 'utf8'),
) as SeedProduct[];

/** A seeded product by URL id (fails loudly when the fixture changed). */
export function seededProduct(urlId: string): SeedProduct {
  const product = products.find((candidate) => candidate.urlId === urlId);
  if (!product) throw new Error(`no seeded product ${urlId}`);
  return product;
}

export function seededVariant(urlId: string, predicate: (variant: SeedVariant) => boolean): SeedVariant {
  const variant = seededProduct(urlId).variants.find(predicate);
  if (!variant) throw new Error(`no matching variant of ${urlId}`);
  return variant;
}
