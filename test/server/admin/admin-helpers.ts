import type { Store } from '../../../server/db/store.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The tables the admin writes, read through the store so a check works on either engine. */
const WATCHED = ['products', 'variants', 'product_images', 'orders', 'order_items', 'stock_changes', 'site_settings', 'site_users', 'email_outbox', 'cart_entries', 'discount_codes'];

/** Every row of the tables the admin writes, to prove a refused call changed none of them. */
export async function adminSnapshot(store: Store): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED) {
    const rows = await store.all(`SELECT * FROM ${table} ORDER BY rowid`);
    parts.push(`${table}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

/** Sends a multipart upload the way the image field does, with the visitor's cookies and tokens. */
export async function upload(
  visitor: SiteUserVisitor,
  path: string,
  file: { bytes: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = {},
  fileField = 'image',
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${visitor.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': decodeURIComponent(visitor.crumb), [SITE_USER_XSRF_HEADER]: visitor.xsrfToken },
    body: form,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** A product the editor would send: two sizes with stock. */
export function productInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Harbour Jacket',
    description: 'Waxed cotton.\n\nLined with wool.',
    productType: 'physical',
    visible: true,
    categories: ['Apparel'],
    tags: ['outerwear'],
    variantOptions: ['Size'],
    variants: [
      { sku: 'HJ-S', priceCents: 12000, qtyInStock: 3, attributes: { Size: 'S' }, weightGrams: 900 },
      { sku: 'HJ-M', priceCents: 12000, qtyInStock: 2, attributes: { Size: 'M' }, weightGrams: 950 },
    ],
    ...overrides,
  };
}
