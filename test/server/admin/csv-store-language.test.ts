/**
 * The admin's CSV files in the store's language: a store whose language writes decimals with a
 * comma (German, French, Dutch …) gets semicolon files with decimal commas, which Excel there
 * opens in columns and reads as numbers; the product import reads them back, and reads a file
 * saved by Excel in such a language. An English store's files are as they always were.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { centsFromCsv, csvFormatOf, COMMA_CSV, SEMICOLON_CSV } from '../../../server/admin/csv-format.ts';
import { csvText } from '../../../server/admin/csv.ts';
import { readProductImport } from '../../../server/admin/product-import.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { fillMessage } from '../../../server/messages.ts';
import { buyOneThroughCheckout } from '../helpers/checkout.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { upload } from './admin-helpers.ts';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The cells of a CSV under `name`, in row order. */
function columnOf(csv: string, name: string, delimiter: string): string[] {
  const [header, ...rows] = parse(csv.replace(/^\uFEFF/, ''), { delimiter }) as string[][];
  return rows.map((row) => row[header!.indexOf(name)]!);
}

describe('the CSV format of a store\'s language', () => {
  it('is semicolons and decimal commas where the language writes decimals with a comma, as Intl says', () => {
    for (const locale of ['de-DE', 'de-AT', 'fr-FR', 'nl-NL', 'it-IT', 'es-ES', 'pt-BR', 'da-DK', 'en-DE']) expect(csvFormatOf(locale), locale).toEqual(SEMICOLON_CSV);
    for (const locale of ['en-US', 'en-GB', 'de-CH', 'ja-JP', 'zh-CN', 'en-IN']) expect(csvFormatOf(locale), locale).toEqual(COMMA_CSV);
    // a stored language no locale grammar accepts keeps the files as they were
    expect(csvFormatOf('not a language!')).toEqual(COMMA_CSV);
  });

  it('reads amounts with the file\'s decimal mark, a point grouping thousands only in a decimal-comma file', () => {
    expect(['38,00', '45,5', '1.250,00', '1.250', '12.50', '45', '1.234.567,89'].map((text) => centsFromCsv(text, 'EUR', ','))).toEqual([3800, 4550, 125000, 125000, 1250, 4500, 123456789]);
    // in dinars the comma of a semicolon file is the decimal mark, as the export writes it
    expect(centsFromCsv('1,250', 'KWD', ',')).toBe(1250);
    expect(['12,505', '1,25.00', '12.50,00', 'abc', '1.25,0.0'].map((text) => centsFromCsv(text, 'EUR', ','))).toEqual(Array(5).fill(Number.NaN));
    // a comma file reads as the amount boxes do: "1,250" is a thousand and more
    expect(centsFromCsv('1,250', 'EUR', '.')).toBe(125000);
  });

  it('quotes a cell holding the file\'s separator, and only then', () => {
    expect(csvText(['a', 'b'], [['x; y', 'wool, winter']], SEMICOLON_CSV)).toBe('a;b\r\n"x; y";wool, winter\r\n');
    expect(csvText(['a', 'b'], [['x; y', 'wool, winter']], COMMA_CSV)).toBe('a,b\r\nx; y,"wool, winter"\r\n');
  });

  it('reads a file as Excel in German saves one: semicolons, decimal commas, a grouped thousand, empty columns after the last', () => {
    const excel = '\uFEFFProduct;SKU;Price;Sale price;Stock;Categories;;\r\nLinen Apron;APRON-1;38,00;;12;Kitchen, linen;;\r\n"Tray; oak";TRAY-1;1.250,00;1.199,5;2;;;\r\nScarf;SCARF-1;45;39,95;unlimited;;;\r\n';
    const reading = readProductImport(excel, 'EUR');
    expect(reading.ok, JSON.stringify(reading)).toBe(true);
    if (!reading.ok) return;
    expect(reading.products.map(({ input }) => [input.title, input.categories, input.variants[0]!.priceCents, input.variants[0]!.salePriceCents])).toEqual([
      ['Linen Apron', ['Kitchen', 'linen'], 3800, 0],
      ['Tray; oak', [], 125000, 119950],
      ['Scarf', [], 4500, 3995],
    ]);
    // a price it cannot read is refused with an example in the file's own decimal mark
    const refused = readProductImport('Product;Price;Stock\nCap;12,5,0;1\n', 'EUR');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems).toEqual([{ row: 2, column: 'Price', message: 'Enter an amount, such as 12,50.' }]);
  });
});

describe('an English store\'s CSV files', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;

  beforeAll(async () => {
    server = await startPlatformServer();
    owner = await server.signInOwner();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('are written as before, byte for byte: commas and decimal points', async () => {
    const sample = await owner.get<string>('/api/admin/product-import/sample.csv');
    expect(sample.text).toBe('Product,URL slug,Description,Summary,Type,Visible,Featured,Categories,Tags,SKU,Price,Sale price,On sale,Stock,Weight (g),Option 1 name,Option 1 value\r\n'
      + 'Linen Apron,,"Stonewashed linen, one size.",,physical,yes,no,Kitchen,linen,APRON-1,38.00,,no,12,250,,\r\n'
      + 'Wool Scarf,,Undyed wool.,Warm and light.,physical,yes,yes,Clothing,"wool, winter",SCARF-GRY,45.00,39.00,yes,5,180,Colour,Grey\r\n'
      + 'Wool Scarf,,,,,,,,,SCARF-OAT,45.00,,no,unlimited,180,Colour,Oat\r\n');
    // the seeded shop's export as it was written before semicolon files came
    const products = await owner.get<string>('/api/admin/products.csv');
    expect(products.text.length).toBe(3882);
    expect(sha256(products.text)).toBe('f7392e3ae707609abc5ab6ed03ea5d8828f18ac1bbf686806e700219d1ba194f');
    expect((await owner.get<string>('/api/admin/messages/subscribers.csv')).text).toBe('email,source,date\r\n');
    expect((await owner.get<string>('/api/admin/messages/restock.csv')).text).toBe('product,sku,variant,in stock,email\r\n');
  });
});

describe('a German store\'s CSV files', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  const send = (csv: string, fields: Record<string, string> = {}) => upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'products.csv', type: 'text/csv' }, fields, 'file');

  beforeAll(async () => {
    server = await startPlatformServer();
    owner = await server.signInOwner();
    const site = new SiteRepository(server.app.deps.store);
    await site.writeSetting('website', { ...(await site.website()), language: 'de-DE' });
    const settings = await site.websiteSettings();
    await site.writeSetting('websiteSettings', { ...settings, storeSettings: { ...(settings.storeSettings as Record<string, unknown>), currency: 'EUR' } });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('export products with semicolons and decimal commas, and the export comes back through the import as the same products', async () => {
    const exported = (await owner.get<string>('/api/admin/products.csv')).text;
    expect(exported.split('\r\n')[0]).toMatch(/^Product;URL slug;Description;Summary;Type;Visible;Featured;Categories;Tags;SKU;Price;Sale price;On sale;Stock;Stock when exported;Weight \(g\);Option 1 name;Option 1 value/);
    const skus = columnOf(exported, 'SKU', ';');
    const prices = columnOf(exported, 'Price', ';');
    expect(prices[skus.indexOf('SQ-THROW-LG')]).toBe('190,00');
    // a cell with a comma is not quoted in a semicolon file, as Excel writes it
    expect(exported).toContain(';Apparel;linen, apparel;SQ-SHIRT-S-WHI;68,00;;no;');

    // imported back as it is: every product already as the file has it
    const productCount = Number((await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM products'))!.n);
    const same = await send(exported, { update: 'yes' });
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: productCount });

    // one price edited in the file, with a decimal comma: that product alone changes
    const edited = exported.replace(';SQ-THROW-LG;190,00;', ';SQ-THROW-LG;185,50;');
    const changed = await send(edited, { update: 'yes' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    expect(changed.body).toMatchObject({ created: 0, updated: 1, unchanged: productCount - 1 });
    const throw_ = await server.app.deps.store.get<{ price_cents: number | string }>("SELECT price_cents FROM variants WHERE sku = 'SQ-THROW-LG'");
    expect(Number(throw_!.price_cents)).toBe(18550);
  });

  it('give the import\'s sample in semicolons with decimal commas, which imports', async () => {
    const sample = (await owner.get<string>('/api/admin/product-import/sample.csv')).text;
    expect(sample.split('\r\n')[1]).toBe('Linen Apron;;Stonewashed linen, one size.;;physical;yes;no;Kitchen;linen;APRON-1;38,00;;no;12;250;;');
    const made = await send(sample);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({ created: 2, updated: 0, unchanged: 0, message: fillMessage(ADMIN.imported, { count: 2 }) });
    const scarf = await server.app.deps.store.get<{ price_cents: number | string; sale_price_cents: number | string }>("SELECT price_cents, sale_price_cents FROM variants WHERE sku = 'SCARF-GRY'");
    expect([Number(scarf!.price_cents), Number(scarf!.sale_price_cents)]).toEqual([4500, 3900]);
  });

  it('export orders, subscribers and restock requests with semicolons, the orders\' amounts with decimal commas', async () => {
    const product = await server.app.deps.store.get<{ id: string }>("SELECT product_id AS id FROM variants WHERE sku = 'SQ-THROW-SM'");
    await buyOneThroughCheckout(server.url, product!.id, 'SQ-THROW-SM');
    const orders = (await owner.get<string>('/api/admin/orders.csv')).text;
    expect(orders.split('\r\n')[0]).toMatch(/^id;number;date;status;customer email;/);
    const line = columnOf(orders, 'sku', ';').indexOf('SQ-THROW-SM');
    expect(line).not.toBe(-1);
    expect(columnOf(orders, 'unit price', ';')[line]).toBe('140,00');
    expect(columnOf(orders, 'currency', ';')[line]).toBe('EUR');
    expect((await owner.get<string>('/api/admin/messages/subscribers.csv')).text).toBe('email;source;date\r\n');
    expect((await owner.get<string>('/api/admin/messages/restock.csv')).text).toBe('product;sku;variant;in stock;email\r\n');
  });
});
