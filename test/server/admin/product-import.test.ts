/**
 * Products from a spreadsheet: one row per variant, checked by the product editor's own rules
 * before anything is written, each problem named by the row and column the spreadsheet shows.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { notAnAmountText } from '../../../client/lib/money-input.ts';
import { csvText } from '../../../server/admin/csv.ts';
import { COMMA_CSV } from '../../../server/admin/csv-format.ts';
import { productForEditor } from '../../../server/admin/product-input.ts';
import { AdminProductRepository } from '../../../server/db/admin-product-repository.ts';
import { fillMessage } from '../../../server/messages.ts';
import { importTooLargeText, importTooManyRowsText, MAX_IMPORT_ROWS, readProductImport, sampleImportCsv } from '../../../server/admin/product-import.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { adminSnapshot, upload } from './admin-helpers.ts';

/** The refusal of a row whose SKU another product of the store has, naming that product by title and URL slug. */
const skuInUse = (sku: string, title: string, slug: string) => fillMessage(ADMIN.server.importSkuInUse, { sku, title, slug, option: ADMIN.importUpdateExisting });
const HEADER = 'Product,Description,SKU,Price,Sale price,Stock,Option 1 name,Option 1 value';
/** What a refusal for size says to do, in the catalogue's words. */
const SPLIT_ADVICE = 'Split it into files of at most 50,000 rows, each starting with the header row and keeping all the rows of a product together (a variant its product\'s file leaves out is removed), and import them one after another. Or keep only the rows of the products to change: an import leaves the products its file does not name as they are.';

function problemsOf(csv: string): Array<[number, string | null, string]> {
  const reading = readProductImport(csv, 'USD');
  if (reading.ok) throw new Error('read without problems');
  return reading.problems.map((problem) => [problem.row, problem.column, problem.message]);
}

describe('reading a product file', () => {
  it('reads the sample: rows sharing a name are one product, options from its first row', () => {
    const reading = readProductImport(sampleImportCsv(COMMA_CSV), 'USD');
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.products.map(({ input, rows }) => [input.title, input.variantOptions, rows])).toEqual([
      ['Linen Apron', [], [2]],
      ['Wool Scarf', ['Colour'], [3, 4]],
    ]);
    const scarf = reading.products[1]!.input;
    expect([scarf.excerpt, scarf.categories, scarf.tags]).toEqual(['Warm and light.', ['Clothing'], ['wool', 'winter']]);
    expect(scarf.variants.map((v) => [v.sku, v.priceCents, v.salePriceCents, v.onSale, v.qtyInStock, v.unlimited, v.attributes])).toEqual([
      ['SCARF-GRY', 4500, 3900, true, 5, false, { Colour: 'Grey' }],
      ['SCARF-OAT', 4500, 0, false, 0, true, { Colour: 'Oat' }],
    ]);
  });

  it('names each problem by its row and column, with the editor\'s own words', () => {
    const csv = [
      HEADER,
      'Mug,,MUG-1,twelve,,3,,',
      'Cap,,CAP-1,20.00,25.00,lots,,',
      ',,X-1,1.00,,1,,',
      'Tee,,TEE-S,15.00,,2,Size,S',
      'Tee,,TEE-S,15.00,,2,Size,M',
    ].join('\n');
    expect(problemsOf(csv)).toEqual([
      [2, 'Price', notAnAmountText('USD')],
      [3, 'Stock', ADMIN.server.importNotStock],
      [4, 'Product', ADMIN.server.importNoProduct],
      [6, 'SKU', ADMIN.server.skuTaken],
    ]);
    // a sale price above the price is the editor's rule, on the row and column it concerns
    expect(problemsOf(`${HEADER}\nCap,,CAP-1,20.00,25.00,4,,`)).toEqual([[2, 'Sale price', ADMIN.server.salePriceAbovePrice]]);
    // a sale price of nothing would sell the variant for nothing
    expect(problemsOf(`${HEADER}\nCap,,CAP-1,20.00,0,4,,\nHat,,HAT-1,20.00,"0,00",4,,`)).toEqual([
      [2, 'Sale price', ADMIN.server.saleWithoutPrice],
      [3, 'Sale price', ADMIN.server.saleWithoutPrice],
    ]);
  });

  it('keeps a Sale price the owner prepared with the sale off through an export and an import, and reads On sale', async () => {
    const sale = (row: string) => {
      const reading = readProductImport(`Product,SKU,Price,Sale price,On sale,Stock\n${row}\n`, 'USD');
      if (!reading.ok) return reading.problems.map((p) => [p.row, p.column, p.message]);
      return reading.products[0]!.input.variants.map((v) => [v.salePriceCents, v.onSale]);
    };
    expect(sale('Cap,CAP-1,20.00,15.00,no,4')).toEqual([[1500, false]]);
    expect(sale('Cap,CAP-1,20.00,15.00,yes,4')).toEqual([[1500, true]]);
    // left empty, a Sale price given shows, as in a file without the column
    expect(sale('Cap,CAP-1,20.00,15.00,,4')).toEqual([[1500, true]]);
    expect(sale('Cap,CAP-1,20.00,,,4')).toEqual([[0, false]]);
    expect(sale('Cap,CAP-1,20.00,15.00,maybe,4')).toEqual([[2, 'On sale', ADMIN.server.importNotYesNo]]);
  });

  it('says a SKU given twice along with the file\'s other problems, in the file\'s order, so one round of corrections mends them all', () => {
    expect(problemsOf(`${HEADER}\nCap,,CAP-1,"12,5,0",,4,,\nHat,,HAT-1,20.00,,lots,,\nScarf,,CAP-1,20.00,,4,,`)).toEqual([
      [2, 'Price', notAnAmountText('USD')],
      [3, 'Stock', ADMIN.server.importNotStock],
      [4, 'SKU', fillMessage(ADMIN.server.importSkuRepeated, { sku: 'CAP-1', row: 2 })],
    ]);
  });

  it('reads a file a spreadsheet saved with semicolons between its cells (decimal commas in its prices)', () => {
    const reading = readProductImport('Product;Price;Sale price;Stock\nCap;20,00;15,50;4\n"Hat; wool";18,5;;2\n', 'USD');
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.products.map(({ input }) => [input.title, input.variants[0]!.priceCents, input.variants[0]!.salePriceCents])).toEqual([
      ['Cap', 2000, 1550],
      ['Hat; wool', 1850, 0],
    ]);
  });

  it('reads a file whose rows end differently, as rows added by another tool to the sample', () => {
    const added = ['"Oak Tray",,"Oiled, by hand.",,physical,yes,,Home,"oak, kitchen",TRAY-1,22.00,,,4,300,,', 'Oak Bowl,,,,physical,yes,no,Home,,BOWL-1,18.00,,,2,200,,'];
    const reading = readProductImport(`${sampleImportCsv(COMMA_CSV).trimEnd()}\n${added.join('\n')}\n`, 'USD');
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.products.map(({ input, rows }) => [input.title, input.description, rows])).toEqual([
      ['Linen Apron', 'Stonewashed linen, one size.', [2]],
      ['Wool Scarf', 'Undyed wool.', [3, 4]],
      ['Oak Tray', 'Oiled, by hand.', [5]],
      ['Oak Bowl', '', [6]],
    ]);
  });

  it('reads prices with a decimal comma or thousands commas, and refuses a comma it cannot read', () => {
    const reading = readProductImport(`${HEADER}\nMug,,MUG-1,"12,50","9,5",3,,\nRug,,RUG-1,"1,250.00","1,200",1,,`, 'USD');
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.products.map(({ input }) => input.variants.map((v) => [v.priceCents, v.salePriceCents]))).toEqual([[[1250, 950]], [[125000, 120000]]]);
    expect(problemsOf(`${HEADER}\nMug,,MUG-1,"12,5,0",,3,,\nRug,,RUG-1,"1,25.00","12.50,00",1,,`)).toEqual([
      [2, 'Price', notAnAmountText('USD')],
      [3, 'Price', notAnAmountText('USD')],
      [3, 'Sale price', notAnAmountText('USD')],
    ]);
    // yen have no minor unit: "1,250" is a thousand and more, "12,50" no amount at all
    const yen = readProductImport(`${HEADER}\nMug,,MUG-1,"1,250",,3,,`, 'JPY');
    expect(yen.ok && yen.products[0]!.input.variants[0]!.priceCents).toBe(1250);
    // the problem's example is written as yen are, with no decimals
    const half = readProductImport(`${HEADER}\nMug,,MUG-1,"12,50",,3,,`, 'JPY');
    expect(half.ok ? [] : half.problems.map((problem) => [problem.row, problem.column, problem.message])).toEqual([[2, 'Price', 'Enter an amount, such as 1250.']]);
  });

  it('refuses unknown, repeated and missing columns by name, whatever their letter case', () => {
    expect(problemsOf('product,Colour,PRICE,price\nMug,red,1,1')).toEqual([
      [1, 'Colour', expect.stringContaining('Unknown column "Colour"')],
      [1, 'price', fillMessage(ADMIN.server.importRepeatedColumn, { column: 'price' })],
      [1, null, fillMessage(ADMIN.server.importMissingColumn, { column: 'Stock' })],
    ]);
    expect(readProductImport('Product,Price,Stock\nMug,1.50,2', 'USD').ok).toBe(true);
  });

  it('leaves out columns without a header, but names a row with a value under one', () => {
    expect(readProductImport('Product,Price,Stock,,\nMug,1.00,2,,\n', 'USD').ok).toBe(true);
    expect(problemsOf('Product,Price,Stock\nMug, large,1.00,2\n')).toEqual([[2, null, fillMessage(ADMIN.server.importStrayCell, { column: 4 })]]);
    // so is a row longer than the header whose last cell is empty: its cells moved one column on,
    // and each was refused for the column it landed in (Price: 'large'), hiding the cause
    expect(problemsOf('Product,Price,Stock\nMug, large,2,\n')).toEqual([[2, null, fillMessage(ADMIN.server.importStrayCell, { column: 4 })]]);
  });

  it('tells apart two products of one name by their URL slugs, and refuses one slug for two names', () => {
    const csv = 'Product,URL slug,Price,Stock,Option 1 name,Option 1 value\nScarf,scarf-grey,1,1,,\nScarf,scarf-oat,1,1,Size,S\nScarf,scarf-oat,2,1,Size,L\n';
    const reading = readProductImport(csv, 'USD');
    expect(reading.ok && reading.products.map(({ input, rows }) => [input.urlSlug, rows])).toEqual([['scarf-grey', [2]], ['scarf-oat', [3, 4]]]);
    expect(problemsOf('Product,URL slug,Price,Stock\nScarf,scarf,1,1\nShawl,scarf,1,1\n')).toEqual([[3, 'Product', fillMessage(ADMIN.server.importSlugNamesDiffer, { row: 2 })]]);
    expect(problemsOf('Product,URL slug,Price,Stock\nScarf,Not A Slug,1,1\n')).toEqual([[2, 'URL slug', ADMIN.server.slugCharacters]]);
  });

  it('refuses a SKU given twice in the file, an option name that changes, a value without an option', () => {
    expect(problemsOf(`${HEADER}\nMug,,SAME,1,,1,,\nCup,,SAME,1,,1,,`)).toEqual([[3, 'SKU', fillMessage(ADMIN.server.importSkuRepeated, { sku: 'SAME', row: 2 })]]);
    expect(problemsOf(`${HEADER}\nTee,,,1,,1,Size,S\nTee,,,1,,1,Colour,M`)).toEqual([[3, 'Option 1 name', fillMessage(ADMIN.server.importOptionNameDiffers, { name: 'Size', row: 2 })]]);
    expect(problemsOf(`${HEADER}\nTee,,,1,,1,,S`)).toEqual([[2, 'Option 1 value', fillMessage(ADMIN.server.importOptionWithoutName, { column: 'Option 1 name' })]]);
  });

  it("reads a grown shop's whole export as it is: 5,000 products, 15,000 rows, past the old 1 MB and 1,000 rows", () => {
    const header = 'Product,URL slug,Description,SKU,Price,Stock,Stock when exported,Option 1 name,Option 1 value';
    const rows = [header];
    for (let p = 0; p < 5000; p++) {
      for (const size of ['S', 'M', 'L']) rows.push(`Product ${p},product-${p},"Woven linen, number ${p}, washed twice and pressed by hand.",P${p}-${size},12.50,4,4,Size,${size}`);
    }
    const csv = rows.join('\n');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1024 * 1024);
    const reading = readProductImport(csv, 'USD');
    expect(reading.ok).toBe(true);
    if (reading.ok) expect([reading.products.length, reading.products[4999]!.rows]).toEqual([5000, [14999, 15000, 15001]]);
  });

  it('says what is wrong with a file that is empty, too long or not CSV', () => {
    expect(problemsOf('')).toEqual([[0, null, ADMIN.server.importEmpty]]);
    expect(problemsOf(HEADER)).toEqual([[0, null, ADMIN.server.importEmpty]]);
    const long = [HEADER, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, n) => `P${n},,,1,,1,,`)].join('\n');
    expect(problemsOf(long)).toEqual([[0, null, importTooManyRowsText()]]);
    // what to do with a file past the limit: files of 50,000 rows with the header, or only the rows to change
    expect(importTooManyRowsText()).toBe(`A file may have at most 50,000 rows. ${SPLIT_ADVICE}`);
    expect(problemsOf(`${HEADER}\n"Mug,,,1,,1,,`)[0]![2]).toMatch(/^The file could not be read as CSV: /);
  });
});

describe('importing products in the admin', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  const send = (csv: string, fields: Record<string, string> = {}) => upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'products.csv', type: 'text/csv' }, fields, 'file');

  beforeAll(async () => {
    server = await startPlatformServer();
    owner = await server.signInOwner();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('makes every product of the file, in its order, first in the shop, with their stock in the history', async () => {
    const before = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products');
    const answer = await send(sampleImportCsv(COMMA_CSV));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({ created: 2, updated: 0, unchanged: 0, message: fillMessage(ADMIN.imported, { count: 2 }) });
    const listed = await owner.get<{ products: Array<{ title: string }> }>('/api/admin/products');
    expect(listed.body.products.slice(0, 2).map((product) => product.title)).toEqual(['Linen Apron', 'Wool Scarf']);
    const after = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products');
    expect(Number(after!.n)).toBe(Number(before!.n) + 2);
    const history = await server.app.deps.store.all<{ quantity_after: number | string }>(
      "SELECT h.quantity_after FROM stock_changes h JOIN variants v ON v.id = h.variant_id WHERE v.sku = 'SCARF-GRY'",
    );
    expect(history.map((row) => Number(row.quantity_after))).toEqual([5]);
    const page = await owner.get<string>('/shop/p/wool-scarf');
    expect(page.status).toBe(200);

    // the same file again: its SKUs are the store's now, so nothing is made
    const again = await send(sampleImportCsv(COMMA_CSV));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(fillMessage(ADMIN.server.importHasProblems, { count: 3 }));
    expect(again.body.problems).toEqual([
      { row: 2, column: 'SKU', message: skuInUse('APRON-1', 'Linen Apron', 'linen-apron') },
      { row: 3, column: 'SKU', message: skuInUse('SCARF-GRY', 'Wool Scarf', 'wool-scarf') },
      { row: 4, column: 'SKU', message: skuInUse('SCARF-OAT', 'Wool Scarf', 'wool-scarf') },
    ]);
    const still = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products');
    expect(Number(still!.n)).toBe(Number(after!.n));

    // a URL slug the file gives must be free, unless the owner asked to update the shop's products
    const takenSlug = await send('Product,URL slug,Price,Stock\nAnother Scarf,wool-scarf,1.00,1\n');
    expect(takenSlug.body.problems).toEqual([
      { row: 2, column: 'URL slug', message: fillMessage(ADMIN.server.importSlugInUse, { option: ADMIN.importUpdateExisting }) },
    ]);
    // without SKUs it goes in again, made free slugs and SKUs of its own
    const unnamed = sampleImportCsv(COMMA_CSV).replace(/APRON-1|SCARF-GRY|SCARF-OAT/g, '');
    expect((await send(unnamed)).status).toBe(201);
    expect((await owner.get('/shop/p/wool-scarf-2')).status).toBe(200);
  });

  it('exports every product in the import\'s own columns: the file reads back as the same products', async () => {
    const exported = await owner.get<string>('/api/admin/products.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="products.csv"');
    const reading = readProductImport(exported.text, 'USD');
    expect(reading.ok, JSON.stringify(reading).slice(0, 500)).toBe(true);
    if (!reading.ok) return;
    const store = server.app.deps.store;
    const variants = await store.all<{ sku: string; price_cents: number | string; qty_in_stock: number | string; unlimited: number | string }>('SELECT sku, price_cents, qty_in_stock, unlimited FROM variants');
    const read = reading.products.flatMap((product) => product.input.variants);
    expect(read).toHaveLength(variants.length);
    for (const variant of variants) {
      expect(read.find((candidate) => candidate.sku === variant.sku), variant.sku).toEqual(expect.objectContaining({
        priceCents: Number(variant.price_cents), unlimited: Number(variant.unlimited) === 1, qtyInStock: Number(variant.unlimited) === 1 ? 0 : Number(variant.qty_in_stock),
      }));
    }
    const products = await store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products');
    expect(reading.products).toHaveLength(Number(products!.n));
    const wholes = (await new AdminProductRepository(store).all()).map(productForEditor);
    expect(reading.products.map(({ input }) => [input.urlSlug, input.title, input.excerpt, input.categories, input.tags]))
      .toEqual(wholes.map((product) => [product.urlSlug, product.title, product.excerpt, product.categories, product.tags]));
    expect(wholes.some((product) => product.categories.length > 0 && product.tags.length > 0)).toBe(true);
    expect(exported.text.split('\r\n')[0]).toMatch(/^Product,URL slug,Description,Summary,Type,Visible,Featured,Categories,Tags,SKU,Price,Sale price,On sale,Stock,Stock when exported,Weight \(g\),Option 1 name,Option 1 value/);
  });

  it('writes over the products the shop has at the file\'s URL slugs when asked: an exported file, edited, comes back in', async () => {
    const store = server.app.deps.store;
    const made = await send('Product,URL slug,Description,SKU,Price,Stock,Option 1 name,Option 1 value\n'
      + 'Field Jacket,field-jacket,Waxed cotton.,JACKET-S,120.00,4,Size,S\n'
      + 'Field Jacket,field-jacket,,JACKET-M,120.00,6,Size,M\n'
      + 'Field Jacket,field-jacket,,JACKET-L,120.00,2,Size,L\n');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const productId = (await store.get<{ id: string }>("SELECT id FROM products WHERE url_id = 'field-jacket'"))!.id;
    const idsBefore = await store.all<{ id: string; sku: string }>('SELECT id, sku FROM variants WHERE product_id = ? ORDER BY sku', [productId]);
    // what the file has no column for stays
    await store.run('UPDATE products SET excerpt = ? WHERE id = ?', ['Our warmest coat.', productId]);
    const image = await store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM product_images WHERE product_id = ?', [productId]);

    // the owner's edit of the export: the name and description changed, the M's price and stock, L gone, XL new
    const [header, ...rows] = parse((await owner.get<string>('/api/admin/products.csv')).text) as string[][];
    const at = (name: string): number => header!.indexOf(name);
    const jacket = rows.filter((row) => row[at('URL slug')] === 'field-jacket');
    expect(jacket.map((row) => row[at('SKU')])).toEqual(['JACKET-S', 'JACKET-M', 'JACKET-L']);
    const edit = (row: string[], cells: Record<string, string>): string[] => row.map((cell, index) => cells[header![index]!] ?? cell);
    const editedRows = [
      edit(jacket[0]!, { Product: 'Waxed Field Jacket', Description: 'Waxed cotton, lined.', Tags: 'outerwear, waxed' }),
      edit(jacket[1]!, { Product: 'Waxed Field Jacket', Price: '99.00', Stock: '9' }),
      edit(jacket[0]!, { Product: 'Waxed Field Jacket', Description: '', Type: '', Visible: '', SKU: '', 'Option 1 value': 'XL' }),
      edit(jacket[0]!, { Product: 'Canvas Tote', 'URL slug': '', Description: '', SKU: 'TOTE-1', Price: '25.00', Stock: '3', 'Option 1 name': '', 'Option 1 value': '' }),
    ];
    const edited = csvText(header!, editedRows, COMMA_CSV);

    // not asked: nothing is written, and the refusal names the option
    const refused = await send(edited);
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([
      { row: 2, column: 'URL slug', message: fillMessage(ADMIN.server.importSlugInUse, { option: ADMIN.importUpdateExisting }) },
    ]);

    const answer = await send(edited, { update: 'yes' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({ created: 1, updated: 1, unchanged: 0, message: fillMessage(ADMIN.importedAndUpdated, { created: 1, updated: 1 }) });
    const product = await owner.get<{ product: { title: string; description: string; excerpt: string; tags: string[]; images: unknown[]; variants: Array<{ id: string; sku: string; priceCents: number; qtyInStock: number; attributes: Record<string, string> }> } }>(`/api/admin/products/${productId}`);
    expect(product.body.product.title).toBe('Waxed Field Jacket');
    expect(product.body.product.description).toBe('Waxed cotton, lined.');
    expect(product.body.product.excerpt).toBe('Our warmest coat.');
    expect(product.body.product.tags).toEqual(['outerwear', 'waxed']);
    expect(product.body.product.images).toHaveLength(Number(image!.n));
    const variants = product.body.product.variants;
    expect(variants.map((variant) => variant.attributes.Size)).toEqual(['S', 'M', 'XL']);
    // the kept variants are the same rows (a cart line or a waiting list on them stays), the new one has a SKU made for it
    expect(variants[0]!.id).toBe(idsBefore.find((row) => row.sku === 'JACKET-S')!.id);
    expect(variants[1]).toEqual(expect.objectContaining({ id: idsBefore.find((row) => row.sku === 'JACKET-M')!.id, priceCents: 9900, qtyInStock: 9 }));
    expect(variants[2]!.sku).toMatch(/^SQ\d{7}$/);
    expect(await store.get("SELECT id FROM variants WHERE sku = 'JACKET-L'")).toBeUndefined();
    // the stock change is in the history as an owner edit
    const history = await store.all<{ quantity_after: number | string; reason: string }>(
      'SELECT quantity_after, reason FROM stock_changes WHERE variant_id = ? ORDER BY created_on, quantity_after', [variants[1]!.id],
    );
    expect(history.map((row) => [Number(row.quantity_after), row.reason])).toEqual([[6, 'owner-edit'], [9, 'owner-edit']]);
    expect((await owner.get('/shop/p/canvas-tote')).status).toBe(200);

    // a file without the summary, categories and tags columns keeps the product's own
    const lean = await send('Product,URL slug,SKU,Price,Stock,Option 1 name,Option 1 value\nWaxed Field Jacket,field-jacket,JACKET-S,120.00,1,Size,S\n', { update: 'yes' });
    expect(lean.body).toEqual({ created: 0, updated: 1, unchanged: 0, message: fillMessage(ADMIN.importUpdated, { count: 1 }) });
    const leaner = await owner.get<{ product: { excerpt: string; tags: string[]; variants: unknown[] } }>(`/api/admin/products/${productId}`);
    expect([leaner.body.product.excerpt, leaner.body.product.tags, leaner.body.product.variants.length]).toEqual(['Our warmest coat.', ['outerwear', 'waxed'], 1]);

    // a SKU of another product is still refused when updating
    const clash = await send(csvText(header!, [edit(jacket[0]!, { SKU: 'TOTE-1' })], COMMA_CSV), { update: 'yes' });
    expect(clash.body.problems).toEqual([{ row: 2, column: 'SKU', message: skuInUse('TOTE-1', 'Canvas Tote', 'canvas-tote-2') }]);
    // and only yes or no is an answer to the option
    expect((await send(edited, { update: 'maybe' })).status).toBe(400);
  });

  it('leaves the products a file does not name as they are, so a file of only the rows to change is enough', async () => {
    await send('Product,URL slug,SKU,Price,Stock\nLinen Napkin,linen-napkin,NAPKIN-1,8.00,10\nLinen Runner,linen-runner,RUNNER-1,30.00,4\n');
    const exportRows = async () => parse((await owner.get<string>('/api/admin/products.csv')).text) as string[][];
    const [header, ...before] = await exportRows();
    const slugAt = header!.indexOf('URL slug');
    const napkin = before.find((row) => row[slugAt] === 'linen-napkin')!;
    const priced = napkin.map((cell, index) => (header![index] === 'Price' ? '9.50' : cell));
    const answer = await send(csvText(header!, [priced], COMMA_CSV), { update: 'yes' });
    expect(answer.body).toEqual({ created: 0, updated: 1, unchanged: 0, message: fillMessage(ADMIN.importUpdated, { count: 1 }) });
    const [, ...after] = await exportRows();
    expect(after.find((row) => row[slugAt] === 'linen-napkin')).toEqual(priced);
    const others = (rows: string[][]) => rows.filter((row) => row[slugAt] !== 'linen-napkin');
    expect(others(after)).toEqual(others(before));
    expect(others(before).length).toBeGreaterThan(1);

    // the whole export imported back as it is changes nothing, and says so rather than counting updates
    const whole = await send(csvText(header!, after, COMMA_CSV), { update: 'yes' });
    const products = new Set(after.map((row) => row[slugAt])).size;
    expect(whole.body).toEqual({ created: 0, updated: 0, unchanged: products, message: fillMessage(ADMIN.importNothingChanged, { count: products }) });
    // one price changed among them: one updated, the others said to be as they were
    const oneChanged = after.map((row) => (row[slugAt] === 'linen-runner' ? row.map((cell, index) => (header![index] === 'Price' ? '31.00' : cell)) : row));
    const mixed = await send(csvText(header!, oneChanged, COMMA_CSV), { update: 'yes' });
    const unchanged = products - 1;
    expect(mixed.body).toEqual({
      created: 0, updated: 1, unchanged,
      message: `${fillMessage(ADMIN.importUpdated, { count: 1 })} ${fillMessage(ADMIN.importUnchanged, { count: unchanged })}`,
    });
  });

  it('brings a Sale price prepared with the sale off back from its own export unchanged', async () => {
    const store = server.app.deps.store;
    await send('Product,URL slug,SKU,Price,Stock\nLinen Cap,linen-cap,CAP-L,20.00,3\n');
    await store.run("UPDATE variants SET sale_price_cents = 1500, on_sale = 0 WHERE sku = 'CAP-L'");
    const [header, ...rows] = parse((await owner.get<string>('/api/admin/products.csv')).text) as string[][];
    const cap = rows.filter((row) => row[header!.indexOf('SKU')] === 'CAP-L');
    expect([cap[0]![header!.indexOf('Sale price')], cap[0]![header!.indexOf('On sale')]]).toEqual(['15.00', 'no']);
    expect((await send(csvText(header!, cap, COMMA_CSV), { update: 'yes' })).body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const after = await store.get<{ sale: number | string; shown: number | string }>("SELECT sale_price_cents AS sale, on_sale AS shown FROM variants WHERE sku = 'CAP-L'");
    expect([Number(after!.sale), Number(after!.shown)]).toEqual([1500, 0]);
  });

  it("says the file's problems and the store's in one answer, by row, the count right past the cap", async () => {
    expect((await send('Product,URL slug,SKU,Price,Stock\nStore Mug,f8-mug,F8-MUG,5.00,1\n')).status).toBe(201);
    const before = await adminSnapshot(server.app.deps.store);
    const answer = await send([
      'Product,URL slug,SKU,Price,Stock',
      'New Cup,,F8-CUP,5.00,1',
      'Other Cup,,F8-MUG,5.00,1',
      'Dup A,,F8-DUP,5.00,1',
      'Dup B,,F8-DUP,5.00,1',
      'Bad Price,,F8-BAD,five,1',
      'Store Mug,f8-mug,,5.00,1',
    ].join('\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([
      { row: 3, column: 'SKU', message: skuInUse('F8-MUG', 'Store Mug', 'f8-mug') },
      { row: 5, column: 'SKU', message: fillMessage(ADMIN.server.importSkuRepeated, { sku: 'F8-DUP', row: 4 }) },
      { row: 6, column: 'Price', message: notAnAmountText('USD') },
      { row: 7, column: 'URL slug', message: fillMessage(ADMIN.server.importSlugInUse, { option: ADMIN.importUpdateExisting }) },
    ]);
    expect(answer.body.problemCount).toBe(4);
    expect(answer.body.message).toBe(fillMessage(ADMIN.server.importHasProblems, { count: 4 }));
    // past the cap: the store's problems on the first rows are listed, the count has every one
    const many = ['Product,URL slug,SKU,Price,Stock', 'Store Mug,f8-mug,,5.00,1', 'Other Cup,,F8-MUG,5.00,1',
      ...Array.from({ length: 120 }, (_, n) => `Bad ${n},,,five,1`)].join('\n');
    const capped = await send(many);
    expect(capped.body.problemCount).toBe(122);
    expect((capped.body.problems as unknown[]).length).toBe(100);
    expect((capped.body.problems as Array<{ row: number; column: string }>).slice(0, 3).map((p) => [p.row, p.column])).toEqual([[2, 'URL slug'], [3, 'SKU'], [4, 'Price']]);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);
  });

  it("serves the shop's pages while a large import writes, and writes it whole", async () => {
    const store = server.app.deps.store;
    expect((await send('Product,URL slug,SKU,Price,Stock\nPage Mug,f6-page,F6-PAGE,5.00,1\n')).status).toBe(201);
    // whether the import's transaction is open: a page answered inside that time was served during its write
    let writing = false;
    const transaction = store.transaction.bind(store);
    store.transaction = (work) => transaction(async (tx) => {
      writing = true;
      try {
        return await work(tx);
      } finally {
        writing = false;
      }
    });
    try {
      const csv = ['Product,SKU,Price,Stock', ...Array.from({ length: 1500 }, (_, n) => `Yielding ${n},F6-${n},5.00,1`)].join('\n');
      let done = false;
      const importing = send(csv).finally(() => (done = true));
      let servedWhileWriting = 0;
      while (!done) {
        const askedWhileWriting = writing;
        const page = await fetch(`${server.url}/shop/p/f6-page`);
        await page.text();
        expect(page.status).toBe(200);
        if (askedWhileWriting && writing) servedWhileWriting += 1;
      }
      expect((await importing).body).toMatchObject({ created: 1500 });
      expect(servedWhileWriting).toBeGreaterThan(0);
    } finally {
      store.transaction = transaction;
    }
    expect(await store.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM variants WHERE sku LIKE 'F6-%' AND sku <> 'F6-PAGE'")).toEqual({ n: 1500 });
    // 1 500 products written through PostgreSQL on a machine busy with the other suites took over the default 30 s
  }, 120_000);

  it('writes nothing for a file with problems, and lists them', async () => {
    const before = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products');
    const answer = await send(`${HEADER}\nGood,,GOOD-1,5.00,,1,,\nBad,,BAD-1,5.00,,-1,,`);
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([{ row: 3, column: 'Stock', message: ADMIN.server.importNotStock }]);
    const after = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products');
    expect(after!.n).toEqual(before!.n);
  });

  it('refuses a file that is not UTF-8, saying how to save one', async () => {
    const latin1 = Buffer.from('Product,Price,Stock\nCaf\xe9 Mug,1.00,2\n', 'latin1');
    const answer = await upload(owner, '/api/admin/product-import', { bytes: latin1, name: 'p.csv', type: 'text/csv' }, {}, 'file');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(ADMIN.server.importNotUtf8);
  });

  it('refuses a missing or oversized file, and gives the sample to download', async () => {
    expect((await upload(owner, '/api/admin/product-import', null, {}, 'file')).body.message).toBe(ADMIN.server.importFileMissing);
    const big = await send(`${HEADER}\n${'x'.repeat(20 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(importTooLargeText());
    expect(big.body.message).toBe(`The file is larger than 20 MB. ${SPLIT_ADVICE}`);
    const sample = await owner.get<string>('/api/admin/product-import/sample.csv');
    expect(sample.status).toBe(200);
    expect(sample.headers.get('content-disposition')).toBe('attachment; filename="products-sample.csv"');
    expect(sample.text).toBe(sampleImportCsv(COMMA_CSV));
  });
});
