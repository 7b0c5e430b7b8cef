import type Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  contentFixtureSchema, formFixtureSchema, productFixtureSchema, siteFixtureSchema,
} from './fixture-schema.ts';

export const SEED_DIR = fileURLToPath(new URL('../../fixtures/seed/', import.meta.url));

function readFixture<Schema extends z.ZodType>(dir: string, file: string, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  if (!parsed.success) throw new Error(`fixtures ${file}: ${parsed.error.message}`);
  return parsed.data;
}

/** True when the store has never been seeded (no website settings yet). */
export function isEmptyStore(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM site_settings WHERE key = 'website'").get() === undefined;
}

/** Loads the seed fixtures into an empty store, all or nothing. */
export function seedStore(db: Database.Database, dir: string = SEED_DIR, now: number = Date.now()): void {
  const site = readFixture(dir, 'site.json', siteFixtureSchema);
  const forms = readFixture(dir, 'forms.json', z.array(formFixtureSchema));
  const products = readFixture(dir, 'products.json', z.array(productFixtureSchema));
  const content = readFixture(dir, 'content.json', z.array(contentFixtureSchema));

  const insertSetting = db.prepare('INSERT INTO site_settings (key, value_json) VALUES (?, ?)');
  const insertCollection = db.prepare(
    `INSERT INTO collections (id, url_id, title, type_code, description, member_only, data_json)
     VALUES (@id, @urlId, @title, @typeCode, @description, @memberOnly, @data)`,
  );
  const insertForm = db.prepare('INSERT INTO forms (id, name, definition_json) VALUES (?, ?, ?)');
  const insertProduct = db.prepare(
    `INSERT INTO products (id, collection_id, url_id, title, body, excerpt, product_type,
       additional_fields_form_id, display_order, created_on, data_json)
     VALUES (@id, @collectionId, @urlId, @title, @body, @excerpt, @productType,
       @formId, @displayOrder, @createdOn, @data)`,
  );
  const insertVariant = db.prepare(
    `INSERT INTO variants (id, product_id, sku, price_cents, sale_price_cents, on_sale, qty_in_stock,
       unlimited, attributes_json, display_order)
     VALUES (@id, @productId, @sku, @priceCents, @salePriceCents, @onSale, @qtyInStock,
       @unlimited, @attributes, @displayOrder)`,
  );
  const insertImage = db.prepare(
    `INSERT INTO product_images (id, product_id, asset_url, original_size, alt_text, display_order)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertContent = db.prepare(
    `INSERT INTO content_items (id, collection_id, url_id, title, body, excerpt, record_type,
       display_order, created_on, data_json)
     VALUES (@id, @collectionId, @urlId, @title, @body, @excerpt, @recordType,
       @displayOrder, @createdOn, @data)`,
  );

  db.transaction(() => {
    insertSetting.run('website', JSON.stringify(site.website));
    insertSetting.run('websiteSettings', JSON.stringify(site.websiteSettings));
    insertSetting.run('siteLayout', JSON.stringify(site.siteLayout));
    for (const collection of site.collections) {
      insertCollection.run({
        ...collection,
        memberOnly: collection.data.memberAreaId ? 1 : 0,
        data: JSON.stringify(collection.data),
      });
    }
    for (const form of forms) insertForm.run(form.id, form.name, JSON.stringify(form));
    products.forEach((product, index) => {
      insertProduct.run({
        id: product.id,
        collectionId: product.collectionId,
        urlId: product.urlId,
        title: product.title,
        body: product.body,
        excerpt: product.excerpt,
        productType: product.productType,
        formId: product.additionalFieldsFormId ?? null,
        displayOrder: product.displayOrder,
        // Spread creation times so "newest first" orderings are stable.
        createdOn: now - index * 86_400_000,
        data: JSON.stringify(product.data),
      });
      product.variants.forEach((variant, order) => {
        insertVariant.run({
          ...variant,
          productId: product.id,
          onSale: variant.onSale ? 1 : 0,
          unlimited: variant.unlimited ? 1 : 0,
          attributes: JSON.stringify(variant.attributes),
          displayOrder: order,
        });
      });
      product.images.forEach((image, order) => {
        insertImage.run(image.id, product.id, image.assetUrl, image.originalSize, image.altText, order);
      });
    });
    content.forEach((item, index) => {
      insertContent.run({ ...item, createdOn: now - index * 3_600_000, data: JSON.stringify(item.data) });
    });
  })();
}
