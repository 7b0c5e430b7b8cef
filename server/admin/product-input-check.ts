/**
 * The product editor's input checked whole: the schema's problems and those that need the store
 * (a SKU another product has, an extra-fields form that does not exist) are answered together,
 * so a save with several problems names every one at once rather than the store's on the next save.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { HttpError } from '../security/http-error.ts';
import { checkAdminInput, recordId } from './admin-validation.ts';
import { productInputSchema, type ProductInput } from './product-input.ts';

/** SKUs another product's variants have, by the field that names them; read from the body as sent, valid or not. */
async function takenSkus(products: AdminProductRepository, body: unknown, productId: string | null): Promise<Record<string, string>> {
  const variants = (body as { variants?: unknown } | null)?.variants;
  if (!Array.isArray(variants)) return {};
  const taken: Record<string, string> = {};
  // bounded as the schema bounds the list, so a huge body costs no more lookups
  for (const [index, variant] of variants.slice(0, 100).entries()) {
    const sku = typeof (variant as { sku?: unknown } | null)?.sku === 'string' ? (variant as { sku: string }).sku.trim() : '';
    if (sku === '' || sku.length > 64) continue;
    const owner = await products.productWithSku(sku);
    if (owner !== undefined && owner !== productId) taken[`variants.${index}.sku`] = ADMIN.server.skuTaken;
  }
  return taken;
}

/** The form a product names, when it names one the store does not have. */
async function missingForm(products: AdminProductRepository, body: unknown): Promise<Record<string, string>> {
  const formId = (body as { additionalFieldsFormId?: unknown } | null)?.additionalFieldsFormId;
  if (!recordId.safeParse(formId).success || (await products.formExists(formId as string))) return {};
  return { additionalFieldsFormId: ADMIN.server.formNotFound };
}

/**
 * The input, or a 400 naming every field's problem: the schema's first per field, then the
 * store's where the schema found none. `productId` is the product saved (null for a new one), whose
 * own SKUs are not taken; the write still checks them in its transaction (SkuTakenError).
 */
export async function checkProductInput(session: StoreSession, body: unknown, productId: string | null): Promise<ProductInput> {
  const checked = checkAdminInput(productInputSchema, body);
  const products = new AdminProductRepository(session);
  const fromStore = { ...(await takenSkus(products, body, productId)), ...(await missingForm(products, body)) };
  if (checked.ok && Object.keys(fromStore).length === 0) return checked.value;
  const fieldErrors = { ...fromStore, ...(checked.ok ? {} : checked.fieldErrors) };
  throw new HttpError(400, ADMIN.server.invalidInput, { fieldErrors });
}
