/**
 * Products from a spreadsheet (CSV): one row per variant, the rows of one product sharing its
 * URL slug, or, where that column is empty or missing, its name in the Product column; what
 * belongs to the product as a whole (description, summary, type, visibility, categories, tags)
 * is read from its first row. Every row is read and checked by the product editor's own rules
 * before anything is written, and each problem is named by its row and column as the
 * spreadsheet shows them (the header is row 1).
 */
import { parse } from 'csv-parse/sync';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { notAnAmountText } from '../../client/lib/money-input.ts';
import { fillMessage } from '../messages.ts';
import { checkAdminInput } from './admin-validation.ts';
import { csvText } from './csv.ts';
import { centsFromCsv, csvFormatOfSeparator, type CsvFormat } from './csv-format.ts';
import { productInputSchema, type ProductInput, type ProductKind } from './product-input.ts';

/**
 * Most rows one file may have (variants of every product together): a grown shop's whole export
 * imports as it is (5,000 products, 15,000 rows, measured at 2.7 s and +57 MB of memory to read
 * and write on SQLite), with room to spare; a limit still bounds one request's memory and time.
 */
export const MAX_IMPORT_ROWS = 50_000;
/** Largest file an import takes: 50,000 rows of an export are about 5 MB, long descriptions more. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most problems an answer lists; the count says how many there were. */
export const MAX_IMPORT_PROBLEMS = 100;
/** How many option columns a file may have (the editor's limit). */
const MAX_OPTIONS = 6;

/** How to import a file past the limits (a large shop's whole export): in parts, or only the products to change. */
function importSplitText(): string {
  return fillMessage(ADMIN.server.importSplit, { rows: MAX_IMPORT_ROWS.toLocaleString('en-US') });
}

/** The refusal of a file with more rows than MAX_IMPORT_ROWS. */
export function importTooManyRowsText(): string {
  return fillMessage(ADMIN.server.importTooManyRows, { max: MAX_IMPORT_ROWS.toLocaleString('en-US'), split: importSplitText() });
}

/** The refusal of a file larger than MAX_IMPORT_BYTES. */
export function importTooLargeText(): string {
  return fillMessage(ADMIN.server.importTooLarge, { max: MAX_IMPORT_BYTES / 1024 / 1024, split: importSplitText() });
}

/** The columns a file may have, as the sample writes them; headers are matched without regard to case. */
export const IMPORT_COLUMNS = {
  product: 'Product',
  urlSlug: 'URL slug',
  description: 'Description',
  summary: 'Summary',
  type: 'Type',
  visible: 'Visible',
  // yes or no: shown first on the home page (the editor's Featured); left empty, a product the file updates keeps its mark
  featured: 'Featured',
  categories: 'Categories',
  tags: 'Tags',
  sku: 'SKU',
  price: 'Price',
  salePrice: 'Sale price',
  // yes or no: a Sale price kept while the sale is off (being prepared) goes out and comes back as it is
  onSale: 'On sale',
  stock: 'Stock',
  // what Stock said when the file was exported: a Stock left as it was then keeps the shop's count now
  stockWhenExported: 'Stock when exported',
  weight: 'Weight (g)',
} as const;

/** The header of the name, or the value, of option `n` (1–6). */
export const importOptionName = (n: number): string => `Option ${n} name`;
export const importOptionValue = (n: number): string => `Option ${n} value`;

/** A sample file: two products, one with two variants; in the store's CSV `format`, its prices with the format's decimal mark. */
export function sampleImportCsv(format: CsvFormat): string {
  // new products: no export, so no Stock when exported
  const header = [...Object.values(IMPORT_COLUMNS).filter((column) => column !== IMPORT_COLUMNS.stockWhenExported), importOptionName(1), importOptionValue(1)];
  const amount = (text: string): string => text.replace('.', format.decimalMark);
  const rows = [
    ['Linen Apron', '', 'Stonewashed linen, one size.', '', 'physical', 'yes', 'no', 'Kitchen', 'linen', 'APRON-1', amount('38.00'), '', 'no', '12', '250', '', ''],
    ['Wool Scarf', '', 'Undyed wool.', 'Warm and light.', 'physical', 'yes', 'yes', 'Clothing', 'wool, winter', 'SCARF-GRY', amount('45.00'), amount('39.00'), 'yes', '5', '180', 'Colour', 'Grey'],
    ['Wool Scarf', '', '', '', '', '', '', '', '', 'SCARF-OAT', amount('45.00'), '', 'no', 'unlimited', '180', 'Colour', 'Oat'],
  ];
  return csvText(header, rows, format);
}

export interface ImportProblem {
  /** The spreadsheet's row number (the header is 1); 0 for the file as a whole. */
  row: number;
  /** The column's header as the file writes it; null when no one column is at fault. */
  column: string | null;
  message: string;
}

/** A product read from the file, with the rows it came from (for problems found when it is written). */
export interface ImportedProduct {
  input: ProductInput;
  /** The file's row of each variant, in order. */
  rows: number[];
}

/** The columns a file may leave out whose values a product the file updates then keeps. */
export interface OptionalColumns {
  summary: boolean;
  categories: boolean;
  tags: boolean;
}

export type ImportReading =
  | { ok: true; products: ImportedProduct[]; has: OptionalColumns }
  /**
   * `products`: those that read without problems, for the store's checks to be run on them too,
   * so that every problem is said at once (`everyProblem`, not capped; `problems` is).
   */
  | { ok: false; problems: ImportProblem[]; problemCount: number; everyProblem: ImportProblem[]; products: ImportedProduct[]; has: OptionalColumns };

/** How the Type column names each kind of product (the export writes these). */
export const IMPORT_KIND_WORDS: Record<ProductKind, string> = {
  physical: 'physical', digital: 'digital', service: 'service', giftCard: 'gift card', subscription: 'subscription',
};
/** The kind each word names; "giftcard" is taken too. */
const KIND_OF_WORD = new Map<string, ProductKind>([
  ...(Object.entries(IMPORT_KIND_WORDS) as Array<[ProductKind, string]>).map(([kind, word]): [string, ProductKind] => [word, kind]),
  ['giftcard', 'giftCard'],
]);
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** One product as the file gives it, with the rows it came from. */
interface ProductRows {
  firstRow: number;
  rows: number[];
  cells: Array<Record<string, string>>;
}

/**
 * The file's format: comma-separated, or semicolon-separated where the header row has semicolons
 * and no comma, as a spreadsheet saves CSV in a language that writes decimals with a comma (Excel
 * in much of Europe, and the export of a store in such a language: csv-format.ts), whose amounts
 * are then read with the decimal comma.
 */
function formatOf(text: string): CsvFormat {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  return csvFormatOfSeparator(!firstLine.includes(',') && firstLine.includes(';') ? ';' : ',');
}

/** Reads a CSV file into the editor's inputs for its products, or says what is wrong with it. */
export function readProductImport(text: string, currency: string): ImportReading {
  const problems: ImportProblem[] = [];
  let records: string[][];
  const csv = text.replace(/^\uFEFF/, '');
  const format = formatOf(csv);
  try {
    // rows ending in \r\n, \n or \r alike: rows added by another tool to the sample or an export
    // (both \r\n) would otherwise run into one record and fail as a misplaced quote
    records = parse(csv, { relax_column_count: true, skip_empty_lines: true, trim: true, record_delimiter: ['\r\n', '\n', '\r'], delimiter: format.separator }) as string[][];
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 0;
    return failedReading([{ row: line, column: null, message: fillMessage(ADMIN.server.importNotCsv, { reason: (error as Error).message }) }]);
  }
  const [header, ...body] = records;
  if (header === undefined || body.length === 0) return failedReading([{ row: 0, column: null, message: ADMIN.server.importEmpty }]);
  if (body.length > MAX_IMPORT_ROWS) return failedReading([{ row: 0, column: null, message: importTooManyRowsText() }]);

  // header names as written, by the key the reader uses (the known name in lower case)
  const known = new Map<string, string>();
  for (const name of [...Object.values(IMPORT_COLUMNS), ...Array.from({ length: MAX_OPTIONS }, (_, i) => [importOptionName(i + 1), importOptionValue(i + 1)]).flat()]) {
    known.set(name.toLowerCase(), name);
  }
  const columns: string[] = [];
  const written = new Map<string, string>();
  header.forEach((cell, index) => {
    const key = cell.toLowerCase();
    // spreadsheets often save empty columns after the last one: a column without a header is left out
    if (key === '') {
      columns[index] = '';
      return;
    }
    if (!known.has(key)) {
      problems.push({ row: 1, column: cell, message: fillMessage(ADMIN.server.importUnknownColumn, { column: cell, columns: [...known.values()].join(', ') }) });
    } else if (written.has(key)) {
      problems.push({ row: 1, column: cell, message: fillMessage(ADMIN.server.importRepeatedColumn, { column: cell }) });
    }
    columns[index] = key;
    written.set(key, cell);
  });
  for (const required of [IMPORT_COLUMNS.product, IMPORT_COLUMNS.price, IMPORT_COLUMNS.stock]) {
    if (!written.has(required.toLowerCase())) problems.push({ row: 1, column: null, message: fillMessage(ADMIN.server.importMissingColumn, { column: required }) });
  }
  if (problems.length > 0) return failedReading(problems);
  const headerOf = (name: string): string => written.get(name.toLowerCase()) ?? name;

  // rows by product name, in the order the file first names each
  const byName = new Map<string, ProductRows>();
  body.forEach((record, index) => {
    const row = index + 2;
    // a value with no header above it is most often a comma inside a cell that was not quoted
    // (a row longer than the header is one too, even when its last cell is empty: the cells after
    // the comma have moved one column on, and each would be refused for the column it landed in)
    const stray = record.length > header.length ? header.length
      : record.findIndex((value, at) => value !== '' && (at >= columns.length || columns[at] === ''));
    if (stray !== -1) {
      problems.push({ row, column: null, message: fillMessage(ADMIN.server.importStrayCell, { column: stray + 1 }) });
      return;
    }
    const cells: Record<string, string> = {};
    columns.forEach((key, at) => {
      if (key !== '') cells[key] = record[at] ?? '';
    });
    const name = cells[IMPORT_COLUMNS.product.toLowerCase()] ?? '';
    if (name === '') {
      problems.push({ row, column: headerOf(IMPORT_COLUMNS.product), message: ADMIN.server.importNoProduct });
      return;
    }
    // the URL slug tells apart two products of one name (an export of a store that has them)
    const slug = cells[IMPORT_COLUMNS.urlSlug.toLowerCase()] ?? '';
    const key = slug === '' ? `name:${name}` : `slug:${slug}`;
    const entry = byName.get(key) ?? { firstRow: row, rows: [], cells: [] };
    if (entry.cells.length > 0 && entry.cells[0]![IMPORT_COLUMNS.product.toLowerCase()] !== name) {
      problems.push({ row, column: headerOf(IMPORT_COLUMNS.product), message: fillMessage(ADMIN.server.importSlugNamesDiffer, { row: entry.firstRow }) });
      return;
    }
    entry.rows.push(row);
    entry.cells.push(cells);
    byName.set(key, entry);
  });

  const products: ImportedProduct[] = [];
  for (const entry of byName.values()) {
    const input = productInputOf(entry.cells[0]![IMPORT_COLUMNS.product.toLowerCase()]!, entry, currency, format, headerOf, problems);
    if (input === null) continue;
    const checked = checkAdminInput(productInputSchema, input);
    if (checked.ok) products.push({ input: checked.value, rows: entry.rows });
    else for (const [path, message] of Object.entries(checked.fieldErrors)) problems.push({ ...placeOf(path, entry, headerOf), message });
  }
  // a SKU may be given once in the whole file (the editor checks within one product), said with
  // the file's other problems, so that one round of corrections mends them all
  const skuRows = new Map<string, number>();
  for (const entry of byName.values()) {
    entry.cells.forEach((cells, index) => {
      const sku = cells[IMPORT_COLUMNS.sku.toLowerCase()] ?? '';
      if (sku === '') return;
      const first = skuRows.get(sku);
      if (first !== undefined && first !== entry.rows[index]) {
        const repeated = { row: entry.rows[index]!, column: headerOf(IMPORT_COLUMNS.sku), message: fillMessage(ADMIN.server.importSkuRepeated, { sku, row: first }) };
        // the editor's own check within one product may have said it already
        if (!problems.some((p) => p.row === repeated.row && p.column === repeated.column)) problems.push(repeated);
      } else skuRows.set(sku, entry.rows[index]!);
    });
  }
  const has = (column: string): boolean => written.has(column.toLowerCase());
  const optional = { summary: has(IMPORT_COLUMNS.summary), categories: has(IMPORT_COLUMNS.categories), tags: has(IMPORT_COLUMNS.tags) };
  // the products that read well go with the problems, for the store's checks (one round of corrections)
  if (problems.length > 0) return failedReading(problems, products, optional);
  return { ok: true, products, has: optional };
}

/** A reading with problems, in the file's order, as a spreadsheet is read. */
function failedReading(problems: ImportProblem[], products: ImportedProduct[] = [], has: OptionalColumns = { summary: false, categories: false, tags: false }): ImportReading {
  return { ...failed(problems), everyProblem: [...problems].sort((a, b) => a.row - b.row), products, has };
}

/**
 * The file's own problems and those the store's checks found in its products that read well, as
 * one list: a cell the file's problems already name is not named again.
 */
export function everyImportProblem(file: readonly ImportProblem[], store: readonly ImportProblem[]): { ok: false; problems: ImportProblem[]; problemCount: number } {
  const named = new Set(file.map((problem) => `${problem.row}\u0000${problem.column}`));
  return failed([...file, ...store.filter((problem) => !named.has(`${problem.row}\u0000${problem.column}`))]);
}

export function failed(problems: ImportProblem[]): { ok: false; problems: ImportProblem[]; problemCount: number } {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return { ok: false, problems: sorted.slice(0, MAX_IMPORT_PROBLEMS), problemCount: sorted.length };
}

/** The editor's input for one product; problems with a cell's form (a price that is not one) are added and give null. */
function productInputOf(name: string, entry: ProductRows, currency: string, format: CsvFormat, headerOf: (name: string) => string, problems: ImportProblem[]): Record<string, unknown> | null {
  const before = problems.length;
  const first = entry.cells[0]!;
  const cell = (cells: Record<string, string>, column: string): string => cells[column.toLowerCase()] ?? '';
  const problem = (row: number, column: string, message: string): void => {
    problems.push({ row, column: headerOf(column), message });
  };

  const kindText = cell(first, IMPORT_COLUMNS.type).toLowerCase();
  const kind = kindText === '' ? 'physical' : KIND_OF_WORD.get(kindText);
  if (kind === undefined) problem(entry.firstRow, IMPORT_COLUMNS.type, fillMessage(ADMIN.server.importNotAType, { types: Object.values(IMPORT_KIND_WORDS).join(', ') }));
  const visibleText = cell(first, IMPORT_COLUMNS.visible).toLowerCase();
  const visible = visibleText === '' || YES.has(visibleText) ? true : NO.has(visibleText) ? false : null;
  if (visible === null) problem(entry.firstRow, IMPORT_COLUMNS.visible, ADMIN.server.importNotYesNo);
  const featuredText = cell(first, IMPORT_COLUMNS.featured).toLowerCase();
  const featured = featuredText === '' ? undefined : YES.has(featuredText) ? true : NO.has(featuredText) ? false : null;
  if (featured === null) problem(entry.firstRow, IMPORT_COLUMNS.featured, ADMIN.server.importNotYesNo);

  // the option names come from the product's first row; later rows may repeat them or leave them empty
  const optionNames: string[] = [];
  for (let n = 1; n <= MAX_OPTIONS; n++) {
    const optionTitle = cell(first, importOptionName(n));
    if (optionTitle !== '') optionNames.push(optionTitle);
  }
  const variants = entry.cells.map((cells, index) => {
    const row = entry.rows[index]!;
    const attributes: Record<string, string> = {};
    for (let n = 1; n <= MAX_OPTIONS; n++) {
      const title = cell(cells, importOptionName(n));
      const value = cell(cells, importOptionValue(n));
      if (title !== '' && title !== optionNames[n - 1]) problem(row, importOptionName(n), fillMessage(ADMIN.server.importOptionNameDiffers, { name: optionNames[n - 1] ?? '', row: entry.firstRow }));
      const optionTitle = optionNames[n - 1];
      if (optionTitle !== undefined) attributes[optionTitle] = value;
      else if (value !== '') problem(row, importOptionValue(n), fillMessage(ADMIN.server.importOptionWithoutName, { column: headerOf(importOptionName(n)) }));
    }
    // amounts with the file's decimal mark (12,50 in a semicolon file), the example in the refusal written with it
    const price = centsFromCsv(cell(cells, IMPORT_COLUMNS.price), currency, format.decimalMark);
    if (Number.isNaN(price)) problem(row, IMPORT_COLUMNS.price, notAnAmountText(currency, format.decimalMark));
    const saleText = cell(cells, IMPORT_COLUMNS.salePrice);
    const sale = saleText === '' ? 0 : centsFromCsv(saleText, currency, format.decimalMark);
    if (Number.isNaN(sale)) problem(row, IMPORT_COLUMNS.salePrice, notAnAmountText(currency, format.decimalMark));
    // On sale says whether the Sale price shows; left empty (or a file without the column) a Sale price given shows
    const onSaleText = cell(cells, IMPORT_COLUMNS.onSale).toLowerCase();
    const onSale = onSaleText === '' ? saleText !== '' : YES.has(onSaleText) ? true : NO.has(onSaleText) ? false : null;
    if (onSale === null) problem(row, IMPORT_COLUMNS.onSale, ADMIN.server.importNotYesNo);
    const stockText = cell(cells, IMPORT_COLUMNS.stock).toLowerCase();
    const unlimited = stockText === 'unlimited';
    // no count for an unlimited row: a new variant starts at 0, a stored one keeps its own (product-import-write.ts)
    const stock = unlimited ? 0 : /^\d+$/.test(stockText) ? Number(stockText) : Number.NaN;
    if (Number.isNaN(stock)) problem(row, IMPORT_COLUMNS.stock, ADMIN.server.importNotStock);
    // the export's figure, when the file has it: read as the editor's loaded count (stock-count-edit.ts)
    const exportedText = cell(cells, IMPORT_COLUMNS.stockWhenExported).toLowerCase();
    const exportedUnlimited = exportedText === 'unlimited';
    const exported = exportedText === '' || exportedUnlimited ? undefined : /^\d+$/.test(exportedText) ? Number(exportedText) : Number.NaN;
    if (Number.isNaN(exported)) problem(row, IMPORT_COLUMNS.stockWhenExported, ADMIN.server.importNotStock);
    const weightText = cell(cells, IMPORT_COLUMNS.weight);
    const weight = weightText === '' ? 0 : /^\d+$/.test(weightText) ? Number(weightText) : Number.NaN;
    if (Number.isNaN(weight)) problem(row, IMPORT_COLUMNS.weight, ADMIN.server.notAWholeNumber);
    return {
      sku: cell(cells, IMPORT_COLUMNS.sku),
      priceCents: price,
      salePriceCents: sale,
      onSale: onSale === true,
      qtyInStock: stock,
      ...(exported !== undefined && !unlimited ? { qtyInStockWhenLoaded: exported } : {}),
      unlimited,
      ...(exportedText !== '' ? { unlimitedWhenLoaded: exportedUnlimited } : {}),
      weightGrams: weight,
      attributes,
    };
  });
  if (problems.length > before) return null;
  return {
    title: name,
    urlSlug: cell(first, IMPORT_COLUMNS.urlSlug),
    description: cell(first, IMPORT_COLUMNS.description),
    excerpt: cell(first, IMPORT_COLUMNS.summary),
    categories: listOf(cell(first, IMPORT_COLUMNS.categories)),
    tags: listOf(cell(first, IMPORT_COLUMNS.tags)),
    productType: kind,
    visible,
    ...(featured === undefined ? {} : { featured }),
    variantOptions: optionNames,
    variants,
  };
}

/** A cell of comma-separated words, as the editor's Categories and Tags fields take them. */
function listOf(text: string): string[] {
  return text.split(',').map((word) => word.trim()).filter((word) => word !== '');
}

/** Where the editor's rule that failed at `path` ('variants.1.priceCents') is in the file. */
function placeOf(path: string, entry: ProductRows, headerOf: (name: string) => string): { row: number; column: string | null } {
  const [field, index, inner] = path.split('.');
  if (field === 'variants' && index !== undefined && /^\d+$/.test(index)) {
    const row = entry.rows[Number(index)] ?? entry.firstRow;
    const column: Record<string, string> = {
      sku: IMPORT_COLUMNS.sku, priceCents: IMPORT_COLUMNS.price, salePriceCents: IMPORT_COLUMNS.salePrice, onSale: IMPORT_COLUMNS.onSale,
      qtyInStock: IMPORT_COLUMNS.stock, qtyInStockWhenLoaded: IMPORT_COLUMNS.stockWhenExported,
      weightGrams: IMPORT_COLUMNS.weight, attributes: importOptionValue(1),
    };
    return { row, column: inner !== undefined && column[inner] !== undefined ? headerOf(column[inner]) : null };
  }
  const column: Record<string, string> = {
    title: IMPORT_COLUMNS.product, urlSlug: IMPORT_COLUMNS.urlSlug, description: IMPORT_COLUMNS.description, excerpt: IMPORT_COLUMNS.summary,
    productType: IMPORT_COLUMNS.type, visible: IMPORT_COLUMNS.visible, featured: IMPORT_COLUMNS.featured, categories: IMPORT_COLUMNS.categories, tags: IMPORT_COLUMNS.tags, variantOptions: importOptionName(1),
  };
  return { row: entry.firstRow, column: field !== undefined && column[field] !== undefined ? headerOf(column[field]) : null };
}
