import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  contentFixtureSchema, discountCodeFixtureSchema, formFixtureSchema, productFixtureSchema, siteFixtureSchema,
} from './fixture-schema.ts';
import { ProductFileRepository } from './product-file-repository.ts';
import { bodySearchText, categoryTagSearchText } from './product-search-text.ts';
import { copySeedProductFiles } from './seed-product-files.ts';
import { isUniqueViolation, type StoreSession } from './store.ts';
import { assetColorData } from '../admin/asset-color-data.ts';

export const SEED_DIR = fileURLToPath(new URL('../../fixtures/seed/', import.meta.url));

function readFixture<Schema extends z.ZodType>(dir: string, file: string, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  if (!parsed.success) throw new Error(`fixtures ${file}: ${parsed.error.message}`);
  return parsed.data;
}

/** True when the store has never been seeded (no website settings yet). */
export async function isEmptyStore(store: StoreSession): Promise<boolean> {
  return (await store.get("SELECT 1 AS one FROM site_settings WHERE key = 'website'")) === undefined;
}

/**
 * What a new store starts with: the demo shop (settings, pages, forms, products and posts), or
 * only its frame (settings, the shop and its other pages, forms), for a real shop to fill.
 */
export type SeedKind = 'demo' | 'empty';

/**
 * Loads the seed fixtures into an empty store, all or nothing. Several processes starting at
 * once may all find the store empty: the first to commit wins, and the others' inserts meet its
 * rows (a unique violation), which they take as "seeded meanwhile"; false then.
 *
 * With `productFilesDir` (the store's product-files folder) the demo's digital products get their
 * files, copied there as an owner's upload would be; without it they are seeded without one.
 */
export async function seedStore(
  store: StoreSession, dir: string = SEED_DIR, now: number = Date.now(), kind: SeedKind = 'demo', address?: string, productFilesDir?: string,
): Promise<boolean> {
  const site = readFixture(dir, 'site.json', siteFixtureSchema);
  if (address !== undefined) site.website = { ...site.website, baseUrl: address };
  const forms = readFixture(dir, 'forms.json', z.array(formFixtureSchema));
  // an empty store has the shop and its pages, with nothing in them
  const products = kind === 'demo' ? readFixture(dir, 'products.json', z.array(productFixtureSchema)) : [];
  const content = kind === 'demo' ? readFixture(dir, 'content.json', z.array(contentFixtureSchema)) : [];
  // a code a newcomer can try at the checkout (WELCOME10)
  const discountCodes = kind === 'demo' ? readFixture(dir, 'discount-codes.json', z.array(discountCodeFixtureSchema)) : [];

  // the demo's pictures' colours (colorData), read before the transaction: the theme's own files
  const colors = new Map<string, unknown>();
  for (const assetUrl of [...products.flatMap((product) => product.images.map((image) => image.assetUrl)), ...content.map((item) => item.data.assetUrl)]) {
    if (typeof assetUrl === 'string' && !colors.has(assetUrl)) colors.set(assetUrl, await assetColorData(assetUrl, ''));
  }
  const colorColumn = (assetUrl: unknown): string | null => {
    const found = typeof assetUrl === 'string' ? colors.get(assetUrl) : undefined;
    return found ? JSON.stringify(found) : null;
  };
  const files = productFilesDir === undefined ? { records: [], discard: () => {} } : await copySeedProductFiles(products, dir, productFilesDir, now);
  try {
    await store.transaction(async (tx) => {
      // The website row goes first: a second process seeding at the same time waits on it and fails there.
      const insertSetting = 'INSERT INTO site_settings (key, value_json) VALUES (?, ?)';
      await tx.run(insertSetting, ['website', JSON.stringify(site.website)]);
      await tx.run(insertSetting, ['websiteSettings', JSON.stringify(site.websiteSettings)]);
      await tx.run(insertSetting, ['siteLayout', JSON.stringify(site.siteLayout)]);
      for (const collection of site.collections) {
        await tx.run(
          `INSERT INTO collections (id, url_id, title, type_code, description, member_only, data_json)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [collection.id, collection.urlId, collection.title, collection.typeCode, collection.description,
            collection.data.memberAreaId ? 1 : 0, JSON.stringify(collection.data)],
        );
      }
      for (const form of forms) {
        await tx.run('INSERT INTO forms (id, name, definition_json) VALUES (?, ?, ?)', [form.id, form.name, JSON.stringify(form)]);
      }
      for (const [index, product] of products.entries()) {
        await tx.run(
          `INSERT INTO products (id, collection_id, url_id, title, body, body_search_text, excerpt, product_type,
             additional_fields_form_id, display_order, created_on, data_json, category_tag_search_text)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [product.id, product.collectionId, product.urlId, product.title, product.body, bodySearchText(product.body), product.excerpt,
            product.productType, product.additionalFieldsFormId ?? null, product.displayOrder,
            // Spread creation times so "newest first" orderings are stable.
            now - index * 86_400_000, JSON.stringify(product.data), categoryTagSearchText(product.data)],
        );
        for (const [order, variant] of product.variants.entries()) {
          await tx.run(
            `INSERT INTO variants (id, product_id, sku, price_cents, sale_price_cents, on_sale, qty_in_stock,
               unlimited, attributes_json, display_order)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [variant.id, product.id, variant.sku, variant.priceCents, variant.salePriceCents, variant.onSale ? 1 : 0,
              variant.qtyInStock, variant.unlimited ? 1 : 0, JSON.stringify(variant.attributes), order],
          );
        }
        for (const [order, image] of product.images.entries()) {
          await tx.run(
            `INSERT INTO product_images (id, product_id, asset_url, original_size, alt_text, display_order, color_data)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
            [image.id, product.id, image.assetUrl, image.originalSize, image.altText, order, colorColumn(image.assetUrl)],
          );
        }
      }
      for (const [index, item] of content.entries()) {
        await tx.run(
          `INSERT INTO content_items (id, collection_id, url_id, title, body, excerpt, record_type,
             display_order, created_on, data_json)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [item.id, item.collectionId, item.urlId, item.title, item.body, item.excerpt, item.recordType,
            item.displayOrder, now - index * 3_600_000, JSON.stringify(colors.get(String(item.data.assetUrl)) && item.data.colorData === undefined
              ? { ...item.data, colorData: colors.get(String(item.data.assetUrl)) } : item.data)],
        );
      }
      for (const code of discountCodes) {
        await tx.run(
          `INSERT INTO discount_codes (id, code, kind, percent_basis_points, amount_cents, currency, minimum_subtotal_cents, created_on, updated_on)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [code.id, code.code, code.kind, code.percentBasisPoints, code.amountCents, site.websiteSettings.storeSettings.currency,
            code.minimumSubtotalCents, now, now],
        );
      }
      for (const file of files.records) await new ProductFileRepository(tx).replace(file);
    });
  } catch (error) {
    // the copies belong to this seed alone: another process's seed has its own
    files.discard();
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
