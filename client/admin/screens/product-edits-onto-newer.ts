/**
 * The product editor's form when its save was refused because someone else saved the product
 * meanwhile: the newer product, with the owner's unsaved edits kept over it. A field the owner
 * changed keeps the owner's value; one the owner left shows the newer one. Fields both changed
 * are named, for the owner to check before saving again. Counts follow the stock rule of the
 * "Load the current stock" button: a count typed over one the store still has stays as typed.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import type { ProductForm, VariantForm } from './ProductEditor.tsx';
import { isPending } from './pending-images.ts';

export interface EditsOntoNewer {
  form: ProductForm;
  /** The labels of the fields the owner and someone else both changed, differently. */
  bothChanged: string[];
}

const OWN_FIELDS = {
  title: ADMIN.title, description: ADMIN.description, excerpt: ADMIN.excerpt, urlSlug: ADMIN.urlSlug, productType: ADMIN.productType,
  visible: ADMIN.visible, featured: ADMIN.featured, categories: ADMIN.categories, tags: ADMIN.tags, options: ADMIN.options, additionalFieldsFormId: ADMIN.extraFieldsForm,
} as const satisfies Partial<Record<keyof ProductForm, string>>;

const VARIANT_FIELDS = {
  values: ADMIN.options, sku: ADMIN.sku, price: ADMIN.price, salePrice: ADMIN.salePrice, onSale: ADMIN.onSale, weight: ADMIN.weight, imageId: ADMIN.variantImage,
} as const satisfies Partial<Record<keyof VariantForm, string>>;

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** Three-way: the owner's value where the owner changed it from what was loaded, else the newer one. */
function pick<T>(mine: T, loaded: T, newer: T, label: string, bothChanged: Set<string>): T {
  if (same(mine, loaded)) return newer;
  if (!same(newer, loaded) && !same(newer, mine)) bothChanged.add(label);
  return mine;
}

/** One stored variant: the owner's edits over the newer one, with the newer count and switch as loaded. */
function variantOntoNewer(mine: VariantForm, loaded: VariantForm | undefined, newer: VariantForm, bothChanged: Set<string>): VariantForm {
  const merged: VariantForm = { ...newer, key: mine.key };
  for (const [field, label] of Object.entries(VARIANT_FIELDS) as Array<[keyof typeof VARIANT_FIELDS, string]>) {
    (merged[field] as unknown) = pick(mine[field], loaded ? loaded[field] : mine[field], newer[field], label, bothChanged);
  }
  const typedCount = mine.stock.trim() !== String(mine.loadedStock);
  if (typedCount && newer.loadedStock === mine.loadedStock) merged.stock = mine.stock;
  else if (typedCount && mine.stock.trim() !== newer.stock) bothChanged.add(ADMIN.stock);
  merged.unlimited = mine.unlimited !== mine.loadedUnlimited ? mine.unlimited : newer.unlimited;
  return merged;
}

/**
 * The variants: where the owner kept the loaded list (same variants, same order), the newer list
 * with the owner's edits on each; where the owner added, removed or reordered, the owner's list,
 * with the variants someone else added after it. A variant someone else deleted that the owner
 * still lists comes back as a new one rather than losing what the owner typed in it.
 */
function variantsOntoNewer(mine: VariantForm[], loaded: VariantForm[], newer: VariantForm[], bothChanged: Set<string>): VariantForm[] {
  const loadedById = new Map(loaded.map((variant) => [variant.id, variant]));
  const newerById = new Map(newer.map((variant) => [variant.id, variant]));
  const mineById = new Map(mine.filter((variant) => variant.id !== undefined).map((variant) => [variant.id, variant]));
  const ids = (list: VariantForm[]) => list.map((variant) => variant.id ?? '');
  const reshaped = !same(ids(mine), ids(loaded));
  if (reshaped && !same(ids(newer), ids(loaded))) bothChanged.add(ADMIN.variants);
  const onto = (variant: VariantForm): VariantForm => {
    const now = variant.id === undefined ? undefined : newerById.get(variant.id);
    if (variant.id === undefined) return variant;
    if (now === undefined) return { ...variant, id: undefined, loadedStock: undefined, loadedUnlimited: undefined };
    return variantOntoNewer(variant, loadedById.get(variant.id), now, bothChanged);
  };
  if (reshaped) {
    const addedElsewhere = newer.filter((variant) => !loadedById.has(variant.id));
    return [...mine.map(onto), ...addedElsewhere];
  }
  const deletedElsewhere = mine.filter((variant) => variant.id !== undefined && !newerById.has(variant.id));
  // one deleted elsewhere stays only if the owner changed it: one left alone goes, as the other edit wanted
  const editedThere = deletedElsewhere.filter((variant) => !same(variant, loadedById.get(variant.id)));
  if (editedThere.length > 0) bothChanged.add(ADMIN.variants);
  return [...newer.map((variant) => {
    const own = mineById.get(variant.id);
    return own ? variantOntoNewer(own, loadedById.get(variant.id), variant, bothChanged) : variant;
  }), ...editedThere.map(onto)];
}

/**
 * The images: the newer list where the owner left them as loaded; else the owner's order and alt
 * text, without those deleted elsewhere (their files are gone) and with those added elsewhere after.
 */
function imagesOntoNewer(mine: ProductForm['images'], loaded: ProductForm['images'], newer: ProductForm['images'], bothChanged: Set<string>): ProductForm['images'] {
  if (same(mine, loaded)) return newer;
  if (!same(newer, loaded)) bothChanged.add(ADMIN.images);
  const newerIds = new Set(newer.map((image) => image.id));
  const loadedIds = new Set(loaded.map((image) => image.id));
  // a photo still waiting to be uploaded (pending-images.ts) is the owner's and stays
  return [...mine.filter((image) => newerIds.has(image.id) || isPending(image)), ...newer.filter((image) => !loadedIds.has(image.id))];
}

/** `mine`: the form on screen; `loaded`: the form as it was loaded (or last saved); `newer`: the stored product's form now. */
export function editsOntoNewer(mine: ProductForm, loaded: ProductForm, newer: ProductForm): EditsOntoNewer {
  const bothChanged = new Set<string>();
  const form: ProductForm = { ...newer };
  for (const [field, label] of Object.entries(OWN_FIELDS) as Array<[keyof typeof OWN_FIELDS, string]>) {
    (form[field] as unknown) = pick(mine[field], loaded[field], newer[field], label, bothChanged);
  }
  form.variants = variantsOntoNewer(mine.variants, loaded.variants, newer.variants, bothChanged);
  form.images = imagesOntoNewer(mine.images, loaded.images, newer.images, bothChanged);
  return { form, bothChanged: [...bothChanged] };
}
