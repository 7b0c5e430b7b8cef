/**
 * Every product as a spreadsheet (CSV) in the import's own columns (product-import.ts): a row
 * per variant, its product's name and URL slug on each (the slug tells apart two products of
 * one name), the description, summary, type, visibility, categories and tags on the product's
 * first row, options named on each. A file exported and edited is imported back into this store with "update the products
 * the shop has" (product-import-write.ts), or into another store as it is.
 *
 * The file is written as the products are read, EXPORT_BATCH at a time, so a large catalogue's
 * export holds one batch in memory. Its header names as many option columns as the product with
 * the most options has, so the products are read twice: once for that count, then for the rows.
 */
import type { AdminProduct } from '../db/admin-product-repository.ts';
import { csvAmount, type CsvFormat } from './csv-format.ts';
import { IMPORT_COLUMNS, IMPORT_KIND_WORDS, importOptionName, importOptionValue } from './product-import.ts';
import { descriptionText, kindOf, productForEditor } from './product-input.ts';

/** Products the export reads and writes at a time. */
export const EXPORT_BATCH = 500;

/** The option names of a product, in the editor's order. */
function optionsOf(product: AdminProduct): string[] {
  const ordering = product.data.variantOptionOrdering;
  if (Array.isArray(ordering) && ordering.every((name) => typeof name === 'string')) return ordering as string[];
  return Object.keys(product.variants[0]?.attributes ?? {});
}

/** How many option columns the products' rows need. */
export async function optionColumnCount(batches: AsyncIterable<readonly AdminProduct[]>): Promise<number> {
  let count = 0;
  for await (const products of batches) {
    for (const product of products) count = Math.max(count, optionsOf(product).length);
  }
  return count;
}

export function productsCsvHeader(optionCount: number): string[] {
  return [
    ...Object.values(IMPORT_COLUMNS),
    ...Array.from({ length: optionCount }, (_, i) => [importOptionName(i + 1), importOptionValue(i + 1)]).flat(),
  ];
}

/** A product edited to more options between the count and its rows; its rows would not fit the header. */
export class OptionsChangedDuringExportError extends Error {}

function productRows(product: AdminProduct, optionCount: number, currency: string, format: CsvFormat): string[][] {
  const options = optionsOf(product);
  // a shorter row would drop an option without a word: the download fails instead, to be asked again
  if (options.length > optionCount) throw new OptionsChangedDuringExportError(`product ${product.id} gained options during the export`);
  const editor = productForEditor(product);
  // the editor's variants: a digital product's price is the one the shop charges
  return editor.variants.map((variant, index) => [
    product.title,
    product.urlId,
    index === 0 ? descriptionText(product) : '',
    index === 0 ? editor.excerpt : '',
    index === 0 ? IMPORT_KIND_WORDS[kindOf(product)] : '',
    index === 0 ? (product.visible ? 'yes' : 'no') : '',
    index === 0 ? (product.data.featured === true ? 'yes' : 'no') : '',
    index === 0 ? editor.categories.join(', ') : '',
    index === 0 ? editor.tags.join(', ') : '',
    variant.sku,
    // with the file's decimal mark (38,00 in a semicolon file), which the import reads it by
    csvAmount(variant.priceCents, currency, format),
    // a Sale price kept while the sale is off goes out too, with On sale saying so, and comes back as it is
    variant.salePriceCents > 0 ? csvAmount(variant.salePriceCents, currency, format) : '',
    variant.onSale ? 'yes' : 'no',
    variant.unlimited ? 'unlimited' : String(variant.qtyInStock),
    // the same figure again, kept as it is when the Stock column is edited (product-import.ts)
    variant.unlimited ? 'unlimited' : String(variant.qtyInStock),
    String(variant.weightGrams),
    ...Array.from({ length: optionCount }, (_, i) => {
      const name = options[i];
      return name === undefined ? ['', ''] : [name, variant.attributes[name] ?? ''];
    }).flat(),
  ]);
}

/** The rows of each batch of products, a row per variant, as the batches are read, amounts written for the file's `format`. */
export async function* productCsvRows(batches: AsyncIterable<readonly AdminProduct[]>, optionCount: number, currency: string, format: CsvFormat): AsyncGenerator<string[][]> {
  for await (const products of batches) yield products.flatMap((product) => productRows(product, optionCount, currency, format));
}
