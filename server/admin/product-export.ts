/**
 * Every product as a spreadsheet (CSV) in the import's own columns (product-import.ts): a row
 * per variant, its product's name and URL slug on each (the slug tells apart two products of
 * one name), the description, summary, type, visibility, categories and tags on the product's
 * first row, options named on each. A file exported and edited is imported back into this store with "update the products
 * the shop has" (product-import-write.ts), or into another store as it is.
 */
import { textFromCents } from '../../client/admin/money-input.ts';
import type { AdminProduct } from '../db/admin-product-repository.ts';
import { csvText } from './csv.ts';
import { IMPORT_COLUMNS, IMPORT_KIND_WORDS, importOptionName, importOptionValue } from './product-import.ts';
import { descriptionText, kindOf, productForEditor } from './product-input.ts';

/** The option names of a product, in the editor's order. */
function optionsOf(product: AdminProduct): string[] {
  const ordering = product.data.variantOptionOrdering;
  if (Array.isArray(ordering) && ordering.every((name) => typeof name === 'string')) return ordering as string[];
  return Object.keys(product.variants[0]?.attributes ?? {});
}

export function productsCsv(products: readonly AdminProduct[], currency: string): string {
  const optionCount = Math.max(0, ...products.map((product) => optionsOf(product).length));
  const header = [
    ...Object.values(IMPORT_COLUMNS),
    ...Array.from({ length: optionCount }, (_, i) => [importOptionName(i + 1), importOptionValue(i + 1)]).flat(),
  ];
  const rows = products.flatMap((product) => {
    const options = optionsOf(product);
    const editor = productForEditor(product);
    return product.variants.map((variant, index) => [
      product.title,
      product.urlId,
      index === 0 ? descriptionText(product) : '',
      index === 0 ? editor.excerpt : '',
      index === 0 ? IMPORT_KIND_WORDS[kindOf(product)] : '',
      index === 0 ? (product.visible ? 'yes' : 'no') : '',
      index === 0 ? editor.categories.join(', ') : '',
      index === 0 ? editor.tags.join(', ') : '',
      variant.sku,
      textFromCents(variant.priceCents, currency),
      variant.onSale ? textFromCents(variant.salePriceCents, currency) : '',
      variant.unlimited ? 'unlimited' : String(variant.qtyInStock),
      // the same figure again, kept as it is when the Stock column is edited (product-import.ts)
      variant.unlimited ? 'unlimited' : String(variant.qtyInStock),
      String(variant.weightGrams),
      ...Array.from({ length: optionCount }, (_, i) => {
        const name = options[i];
        return name === undefined ? ['', ''] : [name, variant.attributes[name] ?? ''];
      }).flat(),
    ]);
  });
  return csvText(header, rows);
}
