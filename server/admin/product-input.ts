import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AdminProduct, AdminProductWrite } from '../db/admin-product-repository.ts';
import { stringsOf } from '../db/json-column.ts';
import { amountSchema } from '../commerce/amount-schema.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { ownerText, recordId } from './admin-validation.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../../client/lib/product-text-limits.ts';
import { slugWords } from '../../client/lib/slug.ts';

export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_STOCK = 1_000_000;
const MAX_WEIGHT_GRAMS = 1_000_000;
/** An image's alt text, in characters (the multipart upload's byte limit follows from it). */
export const MAX_ALT_TEXT_LENGTH = 500;
export const altTextSchema = ownerText(MAX_ALT_TEXT_LENGTH).default('');

const cents = amountSchema(MAX_PRICE_CENTS);
export const stockSchema = z.number().int().min(0).max(MAX_STOCK);
const id = recordId;
/** A category's, tag's or option's name (the list's bulk actions take a category by the same rule). */
export const productLabel = ownerText(60).trim().pipe(z.string().min(1));
const label = productLabel;
/** The most categories a product has. */
export const MAX_CATEGORIES = 20;

export const PRODUCT_KINDS = ['physical', 'digital', 'service', 'giftCard', 'subscription'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

const variantSchema = z.object({
  id: id.optional(),
  // Empty: the store makes one (withGeneratedSkus, generated-sku.ts).
  sku: z.string().trim().max(64).regex(/^[A-Za-z0-9._-]*$/, { error: ADMIN.server.skuCharacters }),
  priceCents: cents,
  salePriceCents: cents.default(0),
  onSale: z.boolean().default(false),
  qtyInStock: stockSchema.default(0),
  // the count the editor loaded: with it, a count left as loaded keeps the store's (stock-count-edit.ts)
  qtyInStockWhenLoaded: stockSchema.optional(),
  unlimited: z.boolean().default(false),
  // the switch the editor loaded: with it, a switch left as loaded keeps the store's (stock-count-edit.ts)
  unlimitedWhenLoaded: z.boolean().optional(),
  weightGrams: z.number().int().min(0).max(MAX_WEIGHT_GRAMS).default(0),
  attributes: z.record(label, ownerText(100).trim().pipe(z.string().min(1))).default({}),
  // one of the product's images, shown when the variant is picked; null: the product's first; absent: kept as stored
  imageId: id.nullable().optional(),
});

/**
 * A product's kind, by its name (what the editor sends and reads) or by its type code (what the
 * product list reads: 1 physical, 2 digital, 3 service, 4 gift card), so a script may send back
 * what it read. A subscription has the physical code: it is sent by its name.
 */
function productTypeSchema() {
  return z.union([z.enum(PRODUCT_KINDS), z.number()], { error: ADMIN.server.notAnOption }).transform((value, context): ProductKind => {
    if (typeof value === 'string') return value;
    const kind = KIND_OF_TYPE_CODE.get(value);
    if (kind === undefined) {
      context.addIssue({ code: 'custom', message: ADMIN.server.notAnOption });
      return z.NEVER;
    }
    return kind;
  });
}

/** What the product editor sends. */
export const productInputSchema = z.object({
  title: ownerText(MAX_TITLE_LENGTH).trim().pipe(z.string().min(1)),
  description: ownerText(MAX_DESCRIPTION_LENGTH).default(''),
  excerpt: ownerText(2_000).default(''),
  urlSlug: z.string().trim().max(100).regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: ADMIN.server.slugCharacters }).default(''),
  productType: productTypeSchema(),
  visible: z.boolean().default(true),
  // shown first on the home page and kept by a template's featured queries; absent: kept as it is (callers written before it)
  featured: z.boolean().optional(),
  categories: z.array(label).max(MAX_CATEGORIES).default([]),
  tags: z.array(label).max(50).default([]),
  variantOptions: z.array(label).max(6).default([]),
  variants: z.array(variantSchema).min(1).max(100),
  additionalFieldsFormId: id.nullable().default(null),
  images: z.array(z.object({ id, altText: altTextSchema })).max(50).optional(),
  // the product's revision the editor loaded: with it, a save over a product changed since is refused (409)
  revisionWhenLoaded: z.number().int().min(1).optional(),
}).superRefine((input, context) => {
  const options = input.variantOptions;
  const repeated = options.find((option, index) => options.indexOf(option) !== index);
  if (repeated !== undefined) {
    context.addIssue({ code: 'custom', path: ['variantOptions'], message: ADMIN.server.optionNamedTwice.replace('{name}', repeated) });
  }
  const seen = new Map<string, number>();
  const skus = new Map<string, number>();
  const imageIds = input.images === undefined ? undefined : new Set(input.images.map((image) => image.id));
  input.variants.forEach((variant, index) => {
    // an image the save removes (or never had) cannot be a variant's
    if (imageIds !== undefined && variant.imageId != null && !imageIds.has(variant.imageId)) {
      context.addIssue({ code: 'custom', path: ['variants', index, 'imageId'], message: ADMIN.server.variantImageNotKept });
    }
    // under two options of one name a variant's values cannot be told apart: checked once it is renamed
    if (repeated === undefined) {
      const keys = Object.keys(variant.attributes);
      if (keys.length !== options.length || options.some((option) => !(option in variant.attributes))) {
        context.addIssue({ code: 'custom', path: ['variants', index, 'attributes'], message: ADMIN.server.optionMissing });
      }
      const combination = JSON.stringify(options.map((option) => variant.attributes[option] ?? ''));
      if (seen.has(combination)) context.addIssue({ code: 'custom', path: ['variants', index, 'attributes'], message: ADMIN.server.sameOptions });
      seen.set(combination, index);
    }
    if (variant.sku !== '' && skus.has(variant.sku)) context.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: ADMIN.server.skuTaken });
    skus.set(variant.sku, index);
    // on sale for nothing: what an empty Sale price would sell at
    if (variant.onSale && variant.salePriceCents === 0) {
      context.addIssue({ code: 'custom', path: ['variants', index, 'salePriceCents'], message: ADMIN.server.saleWithoutPrice });
    } else if (variant.onSale && variant.salePriceCents >= variant.priceCents) {
      context.addIssue({ code: 'custom', path: ['variants', index, 'salePriceCents'], message: ADMIN.server.salePriceAbovePrice });
    }
  });
});

export type ProductInput = z.output<typeof productInputSchema>;

const TYPE_CODES: Record<ProductKind, number> = {
  physical: PRODUCT_TYPE.PHYSICAL,
  digital: PRODUCT_TYPE.DIGITAL,
  service: PRODUCT_TYPE.SERVICE,
  giftCard: PRODUCT_TYPE.GIFT_CARD,
  subscription: PRODUCT_TYPE.PHYSICAL,
};

/** The kind a type code of the product list stands for (the physical code is not read as a subscription). */
const KIND_OF_TYPE_CODE: ReadonlyMap<number, ProductKind> = new Map(
  Object.entries(TYPE_CODES).filter(([kind]) => kind !== 'subscription').map(([kind, code]) => [code, kind as ProductKind]),
);

/** A monthly plan for a product made a subscription in the admin (the seed's shape). */
const DEFAULT_PLAN = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };

/** URL slug from a title: "Linen Work Shirt" → "linen-work-shirt". */
export function slugOf(title: string): string {
  return slugWords(title, 80) || 'product';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The owner types plain text; the pages print the body as HTML, so it becomes escaped paragraphs. */
export function descriptionHtml(text: string): string {
  return text.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('');
}

/** The description as the editor shows it: the text it was typed as, or the seed's HTML without tags. */
export function descriptionText(product: AdminProduct): string {
  const typed = product.data.descriptionText;
  if (typeof typed === 'string') return typed;
  return product.body.replace(/<\/p>\s*<p>/g, '\n\n').replace(/<br\s*\/?>/g, '\n').replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').trim();
}

export function kindOf(product: AdminProduct): ProductKind {
  if (product.data.isSubscribable === true) return 'subscription';
  const entry = Object.entries(TYPE_CODES).find(([kind, code]) => code === product.productType && kind !== 'subscription');
  return (entry?.[0] as ProductKind | undefined) ?? 'physical';
}

/**
 * The type code to store: the kind's, but a subscription the store has as a service (the seed's
 * weekly flowers, delivered without a parcel to weigh) stays one, as the editor has no kind for it.
 */
function typeCodeOf(kind: ProductKind, stored: AdminProduct | undefined): number {
  if (kind === 'subscription' && stored?.data.isSubscribable === true && stored.productType === PRODUCT_TYPE.SERVICE) return PRODUCT_TYPE.SERVICE;
  return TYPE_CODES[kind];
}

/**
 * The row values of a product from the editor's input, keeping the stored data the editor does
 * not show (reviews, scarcity, …).
 */
export function productWrite(input: ProductInput, urlId: string, stored?: AdminProduct): AdminProductWrite {
  const data: Record<string, unknown> = { ...(stored?.data ?? {}) };
  data.descriptionText = input.description;
  data.categories = input.categories;
  if (input.featured === true) data.featured = true;
  else if (input.featured === false) delete data.featured;
  data.tags = input.tags;
  if (input.variantOptions.length > 0) data.variantOptionOrdering = input.variantOptions;
  else delete data.variantOptionOrdering;
  if (input.productType === 'subscription') {
    data.isSubscribable = true;
    data.subscriptionPlan ??= DEFAULT_PLAN;
  } else {
    delete data.isSubscribable;
    delete data.subscriptionPlan;
  }
  const first = input.variants[0]!;
  if (input.productType === 'digital') {
    // digital products are priced on the product itself (pricing.ts)
    data.priceCents = first.priceCents;
    data.salePriceCents = first.salePriceCents;
    data.onSale = first.onSale;
  } else {
    delete data.priceCents;
    delete data.salePriceCents;
    delete data.onSale;
  }
  return {
    urlId,
    title: input.title,
    body: descriptionHtml(input.description),
    excerpt: input.excerpt,
    productType: typeCodeOf(input.productType, stored),
    visible: input.visible,
    additionalFieldsFormId: input.additionalFieldsFormId,
    data,
    variants: input.variants,
    images: input.images,
  };
}

/** A product as the editor reads it. */
/**
 * The variants with the prices the shop charges: a digital product is priced on the product itself
 * (pricing.ts), which a product written before the editor kept the two apart may hold alone (the
 * seed's dye guide is on sale there and not on its variant), so its first variant shows that price;
 * saved, the editor writes it to both.
 */
function variantsAsPriced(product: AdminProduct): AdminProduct['variants'] {
  const [first, ...rest] = product.variants;
  const price = product.data.priceCents;
  if (product.productType !== TYPE_CODES.digital || first === undefined || typeof price !== 'number') return product.variants;
  const sale = product.data.salePriceCents;
  return [{ ...first, priceCents: price, salePriceCents: typeof sale === 'number' ? sale : first.salePriceCents, onSale: product.data.onSale === true }, ...rest];
}

export function productForEditor(product: AdminProduct) {
  const options = Array.isArray(product.data.variantOptionOrdering)
    ? stringsOf(product.data.variantOptionOrdering)
    : [...new Set(product.variants.flatMap((variant) => Object.keys(variant.attributes)))];
  return {
    id: product.id,
    title: product.title,
    description: descriptionText(product),
    excerpt: product.excerpt,
    urlSlug: product.urlId,
    productType: kindOf(product),
    visible: product.visible,
    featured: product.data.featured === true,
    categories: stringsOf(product.data.categories),
    tags: stringsOf(product.data.tags),
    variantOptions: options,
    additionalFieldsFormId: product.additionalFieldsFormId,
    variants: variantsAsPriced(product),
    images: product.images,
    revision: product.revision,
  };
}

export type EditorProduct = ReturnType<typeof productForEditor>;
